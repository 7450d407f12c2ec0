// The capability table of the target catalogue: what each target answers when asked for per-datum
// terms, second-order data (and its GLM form), a reference posterior, its mode, a data file and
// a predictive model.
// Callers decide by these answers alone (no casts to concrete classes), so a target that starts
// or stops answering one changes what samplers, views and experiments do with it: this table
// makes that a deliberate change. A new catalogue entry must be added here too.
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "core/targets/data_target.hpp"
#include "core/targets/predictive_model.hpp"
#include "core/targets/second_order_data.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

namespace {

enum class Reference { None, Exact, Laplace };

struct Capabilities {
  bool data = false;          // as_data_target()
  bool second_order = false;  // DataTarget::second_order()
  bool glm = false;           // SecondOrderData::glm()
  Reference reference = Reference::None;
  bool mode = false;  // posterior_mode()
  bool data_file = false;
  bool predictive = false;  // predictive_model(target)
};

const std::map<std::string, Capabilities>& expected() {
  static const std::map<std::string, Capabilities> table = {
      {"chen-doublewell", {}},
      {"harmonic", {.reference = Reference::Exact}},
      {"gauss2d", {.reference = Reference::Exact}},
      {"banana", {}},
      {"mixture", {}},
      {"donut", {}},
      {"funnel", {}},
      {"custom", {}},
      {"ewsg-gauss", {.data = true, .second_order = true, .reference = Reference::Exact}},
      {"linear",
       {.data = true,
        .second_order = true,
        .glm = true,
        .reference = Reference::Exact,
        .mode = true,
        .data_file = true}},
      {"logistic",
       {.data = true,
        .second_order = true,
        .glm = true,
        .reference = Reference::Laplace,
        .mode = true,
        .data_file = true}},
      {"mlp", {.data = true, .data_file = true, .predictive = true}},
  };
  return table;
}

std::shared_ptr<const Target> build(const TargetInfo& info) {
  TargetSpec spec{info.id, {}, "", "y", info.id == "custom" ? "0.5*x^2 + 0.5*y^2" : ""};
  return make_target(spec);
}

Reference reference_of(const Target& target) {
  const auto reference = target.reference_posterior();
  if (!reference) return Reference::None;
  return reference->kind == ReferencePosterior::Kind::Exact ? Reference::Exact : Reference::Laplace;
}

}  // namespace

TEST_CASE("every catalogue target answers the capability queries as listed", "[targets]") {
  REQUIRE(target_catalogue().size() == expected().size());
  for (const TargetInfo& info : target_catalogue()) {
    INFO("target " << info.id);
    REQUIRE(expected().count(info.id) == 1);
    const Capabilities& want = expected().at(info.id);
    const auto target = build(info);
    const DataTarget* data = target->as_data_target();
    CHECK((data != nullptr) == want.data);
    CHECK(info.data_target == want.data);
    const SecondOrderData* second_order = data ? data->second_order() : nullptr;
    CHECK((second_order != nullptr) == want.second_order);
    CHECK((second_order != nullptr && second_order->glm().has_value()) == want.glm);
    CHECK(reference_of(*target) == want.reference);
    CHECK(target->posterior_mode().has_value() == want.mode);
    CHECK(info.accepts_data_file == want.data_file);
    CHECK((predictive_model(*target) != nullptr) == want.predictive);
    if (const auto reference = target->reference_posterior()) {
      CHECK(reference->mean.size() == target->dim());
      CHECK(reference->covariance.rows() == target->dim());
      CHECK(reference->covariance.cols() == target->dim());
    }
    // A mode is offered only with a reference posterior centred on it.
    if (const auto mode = target->posterior_mode())
      CHECK(*mode == target->reference_posterior()->mean);
  }
}

TEST_CASE("the GLM form agrees with the per-datum gradient and Hessian", "[targets]") {
  for (const char* id : {"linear", "logistic"}) {
    INFO("target " << id);
    const auto target = make_target({id, {{"n", 50}, {"d", 3}}, "", "y"});
    const DataTarget& data = *target->as_data_target();
    const SecondOrderData& second_order = *data.second_order();
    const GlmLikelihood glm = *second_order.glm();
    const int dim = target->dim();
    REQUIRE(glm.dim == dim);
    Vec theta(dim);
    for (int j = 0; j < dim; ++j) theta[j] = 0.3 - 0.2 * j;
    for (std::int64_t k : {0, 17, 49}) {
      double eta = 0.0;
      for (int j = 0; j < dim; ++j) eta += glm.row(k)[j] * theta[j];
      Vec gradient = Vec::Zero(dim);
      data.add_log_likelihood_gradient(&k, 1, 1.0, theta.data(), gradient.data());
      Eigen::MatrixXd hessian = Eigen::MatrixXd::Zero(dim, dim);
      second_order.add_log_likelihood_hessian(&k, 1, 1.0, theta.data(), hessian);
      for (int a = 0; a < dim; ++a) {
        CHECK(gradient[a] == Approx(glm.slope(k, eta) * glm.row(k)[a]).margin(1e-12));
        for (int b = 0; b < dim; ++b)
          CHECK(hessian(a, b) ==
                Approx(glm.curvature(eta) * glm.row(k)[a] * glm.row(k)[b]).margin(1e-12));
      }
    }
  }
}

TEST_CASE("the data-file targets are read from the catalogue", "[targets]") {
  CHECK(data_file_target_ids(" and ") == "linear, logistic and mlp");
  REQUIRE_THROWS_WITH(make_target({"ewsg-gauss", {}, "data.csv", "y"}),
                      "target 'ewsg-gauss' takes no data file (--data applies to linear, "
                      "logistic and mlp)");
}
