export function App() {
  return <div className="p-8 text-2xl font-semibold">Promptforge</div>;
}
