# The source lists of the app's libraries, in one place: the desktop build (CMakeLists.txt) and the
# browser build (web/CMakeLists.txt) both include this, so a new file joins both builds.
# SGL_ROOT is the repository root.
file(GLOB_RECURSE SGL_CORE_SOURCES CONFIGURE_DEPENDS ${SGL_ROOT}/core/*.cpp)
# Scenario files, presets and their batch experiments (sweeps, ensembles), shared by the CLI, the
# GUI and the tests.
file(GLOB SGL_SCENARIO_SOURCES CONFIGURE_DEPENDS ${SGL_ROOT}/app/scenario/*.cpp)
# The headless command line (run, list, scenario runs) and its writers.
file(GLOB SGL_APP_SOURCES CONFIGURE_DEPENDS ${SGL_ROOT}/app/cli/*.cpp)
file(GLOB_RECURSE SGL_GUI_SOURCES CONFIGURE_DEPENDS ${SGL_ROOT}/app/gui/*.cpp)
