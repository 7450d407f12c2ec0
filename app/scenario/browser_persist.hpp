// The browser build keeps the state folder (recovery_folder(): the recovery autosave) in the
// page's IndexedDB: web/persistent_storage.js mounts emscripten's IDBFS there and loads it before
// main() runs, but files written to it reach IndexedDB only when the page syncs. Whoever changes
// a file in that folder calls persist_state_soon(); the page then syncs once writes have paused
// for a moment (a burst of autosaves is one sync). On the desktop the files are on disk already,
// and this does nothing.
#pragma once

namespace sgl {

void persist_state_soon();

}  // namespace sgl
