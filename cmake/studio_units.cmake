# astar_studio_units: the studio's units that need no GL, GLFW or ImGui and that the doctest
# binary tests (tests/studio_units/): the settings, the recovery files and their session lock,
# dropped files and import formats, the command-line options and Copy link's query, an
# exercise's progress read back from its result file, the text grid.frag is compiled from, and
# the frame pacing. One library, compiled once per build folder and linked into both
# astar-studio and astar_tests (they were compiled twice, once for each). Included by
# app/studio/state/CMakeLists.txt, after astar_studio_state.
set(ASTAR_STUDIO_UNIT_SOURCES files/settings files/recovery files/session_lock files/dropped_files
    files/import_formats files/options files/link_query files/exercise_progress platform/grid_shader_source ui/frame_pacing)
list(TRANSFORM ASTAR_STUDIO_UNIT_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/app/studio/)
list(TRANSFORM ASTAR_STUDIO_UNIT_SOURCES APPEND .cpp)
add_library(astar_studio_units STATIC ${ASTAR_STUDIO_UNIT_SOURCES})
target_include_directories(astar_studio_units PUBLIC ${PROJECT_SOURCE_DIR}/app/studio)
target_link_libraries(astar_studio_units PUBLIC astar_studio_state astar_core
                      PRIVATE nlohmann_json::nlohmann_json)
target_compile_options(astar_studio_units PRIVATE ${ASTAR_WARNINGS})
