# Fails when a file under DIR casts to a search type (dynamic_cast<...Search...>, or a static or
# reinterpret cast to one): the app asks core what a search can do (astar::info(a).extras, the
# Search interface) and keeps the typed pointer it made, as the studio does with LPA* and D* Lite
# (app/studio/state/search_session.hpp, replanning()).
#   cmake -DDIR=app -P check_no_search_casts.cmake
file(GLOB_RECURSE files "${DIR}/*.hpp" "${DIR}/*.cpp" "${DIR}/*.h")
list(LENGTH files n)
if(n EQUAL 0)
  message(FATAL_ERROR "no search casts: no files under ${DIR}")
endif()
set(bad "")
foreach(f ${files})
  file(STRINGS "${f}" hits REGEX "(dynamic|static|reinterpret)_cast<[^>]*Search")
  foreach(h ${hits})
    string(APPEND bad "\n  ${f}: ${h}")
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "a cast to a search type (ask astar::info(a) or the Search interface):${bad}")
endif()
message(STATUS "no search casts: ${n} files under ${DIR}, none casts to a search type")
