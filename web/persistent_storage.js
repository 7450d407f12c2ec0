// The state folder (app/scenario/recovery_file.cpp: $HOME/.local/state/sgmcmc-lab, HOME being
// /home/web_user in the page) lives in the browser's IndexedDB through emscripten's IDBFS, so the
// recovery autosave survives a reload and the next page offers it, as the desktop offers a
// crashed window's. It is loaded before main() runs (a run dependency holds main back), and
// written back a moment after the app's last change to it (Module.sglPersistSoon, called from
// app/scenario/browser_persist.cpp): a burst of writes is one sync, and two syncs never overlap.
(function () {
  var STATE_FOLDER = '/home/web_user/.local/state/sgmcmc-lab';
  var DELAY_MS = 300;
  var timer = null, syncing = false, again = false;

  function persistNow() {
    timer = null;
    if (syncing) {  // the running sync may have missed the newest write: one more after it
      again = true;
      return;
    }
    syncing = true;
    FS.syncfs(false, function (error) {
      syncing = false;
      if (error) console.warn('sgmcmc-lab: the saved state could not be stored: ' + error);
      Module['sglPersisted'] = (Module['sglPersisted'] || 0) + 1;  // for the smoke test
      if (again) {
        again = false;
        persistNow();
      }
    });
  }

  Module['sglPersistSoon'] = function () {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(persistNow, DELAY_MS);
  };

  // A reload within the delay still stores the last write (IndexedDB finishes the transactions
  // a closing page started).
  window.addEventListener('pagehide', function () {
    if (timer !== null) {
      clearTimeout(timer);
      persistNow();
    }
  });

  Module['preRun'] = (Module['preRun'] || []).concat([function () {
    FS.mkdirTree(STATE_FOLDER);
    try {
      FS.mount(IDBFS, {}, STATE_FOLDER);
    } catch (error) {
      // Without IndexedDB (some private windows) the folder stays in memory: no recovery then.
      console.warn('sgmcmc-lab: no IndexedDB, the state is not kept: ' + error);
      return;
    }
    addRunDependency('sgl-state-folder');
    FS.syncfs(true, function (error) {
      if (error) console.warn('sgmcmc-lab: the saved state could not be read: ' + error);
      removeRunDependency('sgl-state-folder');
    });
  }]);
})();
