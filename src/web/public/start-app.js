// Starts the app on a page the server rendered (src/server/plugins/app/spa-render.ts, decision 019).
// The page is on screen from the HTML alone, so the app's modules are fetched at low priority (on a
// slow link the stylesheet and the markup go first) and the app starts after the first paint.
// `data-entry` is the app's entry module; `data-preload` the modules it and the page import.
// `window.promptforgeStarted` settles once the app has taken the page over (main.tsx announces it
// after hydrating), or its entry failed to load.
(function () {
  var PRELOADS_A_TASK = 2;
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
    return element;
  }
  // A button does nothing until the app has started: a click on one before then (Contact Sales, the
  // theme menu, on a slow phone in the first seconds) is kept, the button marked busy, and clicked
  // again once the app has taken the page over. Only the last one: a visitor who clicked twice
  // meant it once. Links work without the app and are left alone.
  var pending = null;
  function keepClick(event) {
    var target = event.target;
    var button = target && target.closest ? target.closest('button') : null;
    if (!button || button.disabled) return;
    // A submit button would otherwise send its form without the app's checks.
    event.preventDefault();
    if (pending && pending !== button) pending.removeAttribute('aria-busy');
    pending = button;
    button.setAttribute('aria-busy', 'true');
  }
  document.addEventListener('click', keepClick, true);
  function replayClick() {
    document.removeEventListener('click', keepClick, true);
    var button = pending;
    pending = null;
    if (!button) return;
    button.removeAttribute('aria-busy');
    if (button.isConnected && !button.disabled) button.click();
  }
  window.promptforgeStarted = new Promise(function (resolve) {
    document.addEventListener('promptforge:started', function () {
      replayClick();
      resolve();
    });
    var started = false;
    function start() {
      if (started) return;
      started = true;
      var module = add('script', { type: 'module', src: entry, fetchpriority: 'low', crossorigin: '' });
      module.onerror = function () {
        // The app will not start: let clicks go to the plain page again.
        document.removeEventListener('click', keepClick, true);
        if (pending) pending.removeAttribute('aria-busy');
        pending = null;
        resolve();
      };
      // Each preload costs the main thread about a millisecond (more on a slow phone) to start its
      // request: a few a task, so that asking for thirty never blocks input for long.
      var hrefs = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
      (function next() {
        hrefs.splice(0, PRELOADS_A_TASK).forEach(function (href) {
          add('link', { rel: 'modulepreload', href: href, fetchpriority: 'low', crossorigin: '' });
        });
        if (hrefs.length > 0) setTimeout(next, 0);
      })();
    }
    // The app's modules are asked for once the page is on screen: the first contentful paint's
    // entry is delivered when the frame has been presented (a frame callback runs before the frame
    // is even drawn). Where the browser does not report paints, after the next frame; and in any
    // case after 3 s, should a paint never be reported.
    setTimeout(start, 3000);
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') >= 0) {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length > 0) {
          observer.disconnect();
          start();
        }
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    }
  });
})();
