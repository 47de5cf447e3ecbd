// Stands in for Wails' window.go and window.runtime when the page runs in a
// browser against the loopback bridge. Served as /wails/runtime.js, after
// window.__bridgeMethods has been set to the bound method names.
(function () {
  'use strict';

  // The page's errors and console.error calls, for browser tests whose driver
  // cannot subscribe to them (WebKitWebDriver): the suite reads and empties
  // this list. Bounded, since a page nobody tests never empties it.
  const errors = [];
  window.__bridgeErrors = errors;
  function record(kind, text) {
    if (errors.length < 200) errors.push({ kind: kind, text: String(text) });
  }
  // Uncaught exceptions only, as Playwright's pageerror: an error event with
  // no error (a ResizeObserver loop notice, a failed script load) is not one.
  window.addEventListener('error', function (e) {
    if (e.error !== null && e.error !== undefined) record('page', e.error.message || e.error);
  });
  window.addEventListener('unhandledrejection', function (e) {
    record('page', (e.reason && e.reason.message) || e.reason);
  });
  const consoleError = console.error;
  console.error = function () {
    record('console', Array.prototype.map.call(arguments, String).join(' '));
    return consoleError.apply(console, arguments);
  };

  // The call header's token: only this origin can read /__bridge/session,
  // so a page on another local port holding the cookie still cannot call.
  let session = null;
  function token() {
    if (!session) {
      session = fetch('/__bridge/session', { credentials: 'same-origin' }).then(async function (res) {
        if (!res.ok) throw (await res.text()) || ('bridge session failed: HTTP ' + res.status);
        return (await res.json()).token;
      });
      session.catch(function () { session = null; });
    }
    return session;
  }

  async function call(name, args) {
    const res = await fetch('/__bridge/call', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Clusterdeck-Bridge-Token': await token() },
      body: JSON.stringify({ name: name, args: args }),
    });
    if (!res.ok) {
      throw (await res.text()) || ('bridge call failed: HTTP ' + res.status);
    }
    const body = await res.json();
    if (body.error !== undefined) {
      throw body.error;
    }
    return body.result === undefined ? null : body.result;
  }

  const go = {};
  for (const full of window.__bridgeMethods) {
    const [pkg, struct, method] = full.split('.');
    go[pkg] = go[pkg] || {};
    go[pkg][struct] = go[pkg][struct] || {};
    go[pkg][struct][method] = function () {
      return call(full, Array.prototype.slice.call(arguments));
    };
  }
  window.go = go;

  // Events: the same listener semantics as Wails' runtime (maxCallbacks,
  // unsubscribe function, EventsOff by name).
  const listeners = {};
  function notify(name, data) {
    const snapshot = (listeners[name] || []).slice();
    for (const l of snapshot) {
      l.callback.apply(null, data);
      if (l.remaining > 0 && --l.remaining === 0) off(l);
    }
  }
  function off(l) {
    const list = listeners[l.name];
    if (!list) return;
    const i = list.indexOf(l);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) delete listeners[l.name];
  }
  const stream = new EventSource('/__bridge/events');
  stream.onmessage = function (e) {
    const msg = JSON.parse(e.data);
    notify(msg.name, msg.data || []);
  };

  function unavailable(name) {
    return function () {
      throw new Error(name + ' is not available in the browser bridge');
    };
  }

  window.runtime = {
    EventsOnMultiple: function (name, callback, maxCallbacks) {
      const l = { name: name, callback: callback, remaining: maxCallbacks > 0 ? maxCallbacks : -1 };
      (listeners[name] = listeners[name] || []).push(l);
      return function () { off(l); };
    },
    EventsOff: function (name) {
      for (const n of Array.prototype.slice.call(arguments)) delete listeners[n];
      void name;
    },
    EventsOffAll: function () {
      for (const n of Object.keys(listeners)) delete listeners[n];
    },
    EventsEmit: function (name) {
      notify(name, Array.prototype.slice.call(arguments, 1));
    },
    BrowserOpenURL: function (url) { window.open(url, '_blank', 'noopener'); },
    Environment: function () {
      return Promise.resolve({ buildType: 'bridge', platform: 'browser', arch: '' });
    },
    WindowSetTitle: function (title) { document.title = title; },
    ClipboardSetText: function (text) {
      return navigator.clipboard.writeText(text).then(function () { return true; });
    },
    ClipboardGetText: function () { return navigator.clipboard.readText(); },
    LogPrint: function (m) { console.log(m); },
    LogTrace: function (m) { console.debug(m); },
    LogDebug: function (m) { console.debug(m); },
    LogInfo: function (m) { console.info(m); },
    LogWarning: function (m) { console.warn(m); },
    LogError: function (m) { console.error(m); },
    LogFatal: function (m) { console.error(m); },
    Quit: unavailable('Quit'),
    Hide: function () {},
    Show: function () {},
    WindowReload: function () { location.reload(); },
  };
})();
