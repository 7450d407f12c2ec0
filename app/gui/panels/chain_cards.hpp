// The Controls list every chain as a one-line header (colour, on/off, name, key settings) and
// show one chain's settings at a time below the list: every chain is in view at 1280×720, and
// opening SGHMC brings its friction slider to where HMC's step size was, without scrolling.
#pragma once

#include <string>
#include <vector>

#include "core/run/engine_snapshot.hpp"
#include "core/util/params.hpp"

namespace sgl {

class ChainCards {
 public:
  // Once per frame, before the cards. Keeps the open card on a chain that exists: a chain added
  // on its own (Add chain, duplicate) opens; a new set of chains (a preset, a session) opens its
  // first; removing the open chain opens the first.
  void sync(const std::vector<ChainSnapshot>& chains);
  // Opens this chain's card (a banner click, an undo, a chain that needs attention).
  void open(int chain_id) { open_id_ = chain_id; }
  bool is_open(int chain_id) const { return open_id_ == chain_id; }
  // Once, after a click opened a card: scrolls the Controls just enough that the first rows of
  // the settings about to be drawn (at the cursor) are in view, keeping as many headers as fit.
  void reveal_settings_once();
  // Draws the chain's header as a tree node (title: the chain's label; no indent follows) and
  // returns whether its settings are open. A click on a closed header opens it and closes the
  // other; a click on the open one closes it. Probed as "chain<id>/header".
  bool header(const ChainSnapshot& chain);

 private:
  int open_id_ = -1;    // −1: every card closed
  int newest_id_ = -1;  // the largest chain id seen so far
  bool synced_ = false;
  bool reveal_ = false;  // a click has just opened a card
};

// "ε 0.1 · L 50": the chain's first settings by their symbols (the last word of a label such as
// "step size ε" when it is a symbol), for a closed card's header.
std::string chain_settings_summary(const std::vector<ParamDescriptor>& params,
                                   const ParamValues& values, std::size_t at_most = 3);

}  // namespace sgl
