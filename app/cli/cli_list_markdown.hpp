// `sgmcmc-lab list samplers|targets --markdown`: the registries as the Markdown tables of
// docs/samplers-and-targets.md, which are pasted from this output and checked against it by
// `cli: the samplers and targets tables in docs are list --markdown's`.
#pragma once

#include <string>

namespace sgl {

std::string samplers_markdown_table();
std::string targets_markdown_table();

}  // namespace sgl
