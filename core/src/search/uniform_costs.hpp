// Whether every move on a level costs its step length (1 straight, sqrt 2 diagonal): what Jump
// Point Search and Theta* need (check_supported, search.cpp) and what the best-first engine's
// fast path takes (best_first.cpp). Private to core/src/search.
#pragma once

#include <string>

#include "astar/level.hpp"

namespace astar {

// Empty when every move costs its step length: all costs 1, no overrides, no height effects;
// else why not, in check_supported's words ("needs a level without edge overrides").
std::string check_uniform(const Level& level, const MovementRules& rules);

}  // namespace astar
