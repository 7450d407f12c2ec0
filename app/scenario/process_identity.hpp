// Who owns a recovery file (recovery_file.hpp) and whether that owner still runs. On the desktop
// it is the process id, probed with kill(pid, 0). In the browser every page is process 42 and
// cannot see other tabs, so a page draws its own id once per load, and a file left by any other
// id (the page before a reload, a closed tab) counts as left behind: it is offered for restore.
#pragma once

namespace sgl {

// The id written to recovery.owner by this process (this page, in the browser). Positive.
long this_process_id();

// Whether the process (page) with that id is known to run still.
bool process_running(long id);

}  // namespace sgl
