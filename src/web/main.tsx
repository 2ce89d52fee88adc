import { nextTask } from './lib/next-task';
import './styles.css';

/*
 * The browser's entry: the modules the app starts with are evaluated in tasks of their own (each a
 * single uninterruptible task, compiled and run in one go: together about 30 ms of CPU on this
 * machine, over 100 ms on a slow phone). React first, then the app (start.tsx); both chunks are
 * preloaded with the page (decision 011), so neither waits for the network.
 */

async function boot(root: HTMLElement) {
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  const { start } = await import('./start');
  await start(root);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void boot(root);
