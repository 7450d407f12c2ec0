// The page's URL parameters become the `gui` command's options, so a link can open a lesson:
// index.html?scenario=chen-fig1&layout=lecture runs `sgmcmc-lab gui --scenario chen-fig1
// --layout lecture`. Only the gui options that make sense in a page are passed; `sampler` may
// repeat. Without a size the window fills the browser's, and follows it.
Module['arguments'] = (function () {
  // status-file: the smoke test reads the app's state from the page's in-memory file system.
  var allowed = ['scenario', 'layout', 'size', 'scale', 'target', 'sampler', 'slow-motion',
                 'status-file'];
  var args = ['gui'];
  var params = new URLSearchParams(window.location.search);
  params.forEach(function (value, key) {
    if (allowed.indexOf(key) >= 0) {
      args.push('--' + key, value);
    } else {
      console.warn('sgmcmc-lab: ignoring the URL parameter "' + key + '" (known: ' +
                   allowed.join(', ') + ')');
    }
  });
  if (!params.has('size')) {
    var width = Math.max(320, window.innerWidth), height = Math.max(240, window.innerHeight);
    args.push('--size', width + 'x' + height);
    // And it follows the browser's: emscripten's GLFW resizes the window with its canvas.
    window.addEventListener('resize', function () {
      if (typeof Browser !== 'undefined') {
        Browser.setCanvasSize(Math.max(320, window.innerWidth), Math.max(240, window.innerHeight));
      }
    });
  }
  return args;
})();

// Files the app writes (saves, exports) go to the home folder of the page's in-memory file
// system, as on the desktop to the folder it was started in: the root, where the page starts,
// refuses new files.
Module['preRun'] = (Module['preRun'] || []).concat([function () {
  FS.chdir('/home/web_user');
}]);
