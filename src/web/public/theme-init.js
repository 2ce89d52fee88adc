// Runs before first paint (loaded synchronously from index.html, no inline script so the CSP stays strict).
(function () {
  try {
    var stored = localStorage.getItem('promptforge-theme');
    var theme = stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'dark';
    var dark =
      theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    document.documentElement.classList.add('dark');
  }
})();
