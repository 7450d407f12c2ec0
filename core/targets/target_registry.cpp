#include "core/targets/target_registry.hpp"

#include <cstdint>

#include "core/targets/analytic_targets.hpp"
#include "core/targets/custom_target.hpp"
#include "core/targets/ewsg_gauss.hpp"
#include "core/targets/linear_regression.hpp"
#include "core/targets/logistic_regression.hpp"
#include "core/targets/mlp_target.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

constexpr double kMaxSeed = 9007199254740992.0;  // 2^53: every integer below is exact in a double

ParamDescriptor real_param(std::string name, std::string label, double min, double max,
                           double default_value, std::string tooltip, bool log_scale = false) {
  ParamDescriptor d;
  d.name = std::move(name);
  d.label = std::move(label);
  d.kind = ParamKind::Real;
  d.min = min;
  d.max = max;
  d.default_value = default_value;
  d.log_scale = log_scale;
  d.tooltip = std::move(tooltip);
  return d;
}

ParamDescriptor integer_param(std::string name, std::string label, double min, double max,
                              double default_value, std::string tooltip, bool log_scale = false) {
  ParamDescriptor d = real_param(std::move(name), std::move(label), min, max, default_value,
                                 std::move(tooltip), log_scale);
  d.kind = ParamKind::Integer;
  return d;
}

ParamDescriptor seed_param(std::string tooltip) {
  return integer_param("seed", "data seed", 0, kMaxSeed, 1, std::move(tooltip));
}

ParamDescriptor prior_sd_param() {
  return real_param("prior_sd", "prior sd", 1e-3, 1e6, 10,
                    "Standard deviation of the N(0, prior_sd² I) prior on the coefficients", true);
}

std::vector<ParamDescriptor> regression_params(double default_n) {
  return {
      integer_param("n", "data points n", 1, 1e7, default_n,
                    "Number of synthetic data points (not with --data)", true),
      integer_param("d", "covariates d", 1, 50, 2,
                    "Number of synthetic covariates, excluding the intercept (not with --data)"),
      seed_param("Seed of the synthetic data generator (not with --data)"), prior_sd_param()};
}

using Factory = std::function<std::shared_ptr<const Target>(const TargetSpec&, const ParamValues&)>;

// A factory that ignores the spec and passes chosen parameters to T's constructor.
template <class T, class... Names>
Factory build(Names... names) {
  return [=](const TargetSpec&, const ParamValues& values) -> std::shared_ptr<const Target> {
    return std::make_shared<T>(values.at(names)...);
  };
}

std::shared_ptr<const Target> make_custom_target(const TargetSpec& spec, const ParamValues&);

// A regression on synthetic data or on the spec's CSV file.
std::shared_ptr<const Target> make_regression(const TargetSpec& spec, const ParamValues& values,
                                              ResponseKind kind) {
  const auto get = [&](const char* name) { return values.at(name); };
  const double noise_sd = kind == ResponseKind::Gaussian ? get("noise_sd") : 1.0;
  Dataset data = spec.data_csv.empty()
                     ? make_synthetic_dataset(kind, static_cast<std::int64_t>(get("n")),
                                              static_cast<int>(get("d")),
                                              static_cast<std::uint64_t>(get("seed")), noise_sd)
                     : load_data_file(spec.data_csv, spec.response, kind);
  if (kind == ResponseKind::Gaussian)
    return std::make_shared<LinearRegressionTarget>(std::move(data), noise_sd, get("prior_sd"));
  return std::make_shared<LogisticRegressionTarget>(std::move(data), get("prior_sd"));
}

// The MLP on synthetic data (chosen by its likelihood) or on the spec's data file.
std::shared_ptr<const Target> make_mlp(const TargetSpec& spec, const ParamValues& values) {
  const auto get = [&](const char* name) { return values.at(name); };
  MlpOptions options = mlp_options_from_params(values);
  if (!spec.data_csv.empty() && spec.params.count("classes"))
    throw UserError(
        "target 'mlp': parameter 'classes' is a --synthetic setting (with --data the "
        "labels give the classes)");
  MlpData data =
      spec.data_csv.empty()
          ? make_synthetic_mlp_data(options.likelihood, static_cast<std::int64_t>(get("n")),
                                    static_cast<std::uint64_t>(get("seed")), options.noise_sd,
                                    static_cast<int>(get("classes")))
          : load_mlp_data_file(spec.data_csv, spec.response, options.likelihood);
  return std::make_shared<MlpTarget>(std::move(data), std::move(options));
}

std::vector<ParamDescriptor> mlp_params() {
  ParamDescriptor hidden = integer_param("hidden", "hidden units", 1, 4096, 10,
                                         "Width of the first hidden layer; hidden=20x10 gives two "
                                         "hidden layers of 20 and 10 units",
                                         true);
  ParamDescriptor prior_sd = prior_sd_param();
  prior_sd.default_value = 1.0;
  prior_sd.tooltip = "Standard deviation of the N(0, prior_sd² I) prior on every weight and bias";
  return {hidden,
          integer_param("hidden2", "2nd hidden units", 0, 4096, 0,
                        "Width of the second hidden layer (0: one hidden layer)"),
          {"activation",
           "activation",
           ParamKind::Choice,
           0,
           1,
           0,
           false,
           "Hidden units' activation function",
           {"tanh", "relu"}},
          {"likelihood",
           "likelihood",
           ParamKind::Choice,
           0,
           2,
           0,
           false,
           "gaussian: regression (noise_sd); bernoulli: y in {0, 1}; categorical: y in {0..K-1}",
           {"gaussian", "bernoulli", "categorical"}},
          prior_sd,
          real_param("noise_sd", "noise sd σ", 1e-3, 1e6, 0.1,
                     "Known noise standard deviation of the gaussian likelihood", true),
          integer_param("n", "data points n", 1, 1e7, 100,
                        "Number of synthetic data points (not with --data)", true),
          seed_param("Seed of the synthetic data generator (not with --data)"),
          integer_param("classes", "classes K", 2, 20, 3,
                        "Synthetic categorical data: number of spiral arms (not with --data)")};
}

TargetInfo entry(std::string id, std::string description, bool data_target,
                 std::vector<ParamDescriptor> params, Factory make,
                 bool accepts_data_file = false) {
  return {std::move(id),     std::move(description), data_target,
          std::move(params), accepts_data_file,      std::move(make)};
}

std::vector<TargetInfo> build_catalogue() {
  std::vector<TargetInfo> list;
  list.push_back(entry("chen-doublewell",
                       "1-D double well U = −2θ² + θ⁴ (Chen et al. 2014, Fig. 1)", false, {},
                       build<DoubleWellTarget>()));
  list.push_back(entry("harmonic", "1-D standard Gaussian U = ½θ² (Chen et al. 2014, Fig. 2)",
                       false, {}, build<HarmonicTarget>()));
  list.push_back(entry(
      "gauss2d", "2-D Gaussian, unit variances, correlation rho (Chen et al. 2014, Fig. 3)", false,
      {real_param("rho", "correlation ρ", -0.99, 0.99, 0.9,
                  "Correlation between the two coordinates")},
      build<CorrelatedGaussianTarget>("rho")));
  list.push_back(entry(
      "banana",
      "2-D twisted Gaussian: θ₁ ~ N(0, 1.5²), θ₂ | θ₁ ~ N(b(θ₁² − 1.5²), 1) (Haario et al. 1999)",
      false,
      {real_param("b", "curvature b", 0.0, 1.0, 0.5,
                  "How strongly the ridge bends (0 = an axis-aligned Gaussian)")},
      build<BananaTarget>("b")));
  list.push_back(entry(
      "mixture", "2-D equal-weight mixture of two isotropic Gaussians at (±separation/2, 0)", false,
      {real_param("separation", "separation", 0.0, 12.0, 4.0,
                  "Distance between the two mode centres"),
       real_param("sd", "component sd", 0.2, 3.0, 1.0, "Standard deviation of each component")},
      build<GaussianMixtureTarget>("separation", "sd")));
  list.push_back(
      entry("donut", "2-D ring U = (‖θ‖ − radius)²/(2 width²)", false,
            {real_param("radius", "radius", 0.5, 5.0, 2.5, "Radius of the ring"),
             real_param("width", "width", 0.1, 2.0, 0.3, "Radial standard deviation of the ring")},
            build<DonutTarget>("radius", "width")));
  list.push_back(entry("funnel", "2-D Neal's funnel: v ~ N(0, 3²), x | v ~ N(0, e^v) (Neal 2003)",
                       false, {}, build<FunnelTarget>()));
  {
    TargetInfo custom =
        entry("custom",
              "Your own potential U(x) or U(x, y), typed with --potential 'EXPR' "
              "(e.g. '0.5*x^2 + 2*(y - 0.5*x^2)^2'; grammar in docs/samplers-and-targets.md)",
              false, {}, make_custom_target);
    for (const std::string& name : custom_bound_names()) {
      const bool low = name.ends_with("min");
      ParamDescriptor bound =
          real_param(name, name, -kMaxPotentialWindow, kMaxPotentialWindow, 0.0,
                     std::string(low ? "Lower" : "Upper") + " bound of the truth window along " +
                         name.substr(0, 1) + " (default: found from the potential)");
      bound.default_text = "found";
      custom.params.push_back(std::move(bound));
    }
    list.push_back(std::move(custom));
  }
  list.push_back(entry(
      "ewsg-gauss",
      "2-D Gaussian V(θ) = Σ½‖θ − c_i‖², c_i ~ N(0, I), minibatches over i (EWSG paper, "
      "Fig. 1a)",
      true,
      {integer_param("n", "centres n", 1, 100000, 20, "Number of centres c_i (data points)", true),
       seed_param("Seed for drawing the centres c_i")},
      [](const TargetSpec&, const ParamValues& values) -> std::shared_ptr<const Target> {
        return std::make_shared<EwsgGaussTarget>(static_cast<int>(values.at("n")),
                                                 static_cast<std::uint64_t>(values.at("seed")));
      }));
  {
    TargetInfo linear = entry(
        "linear",
        "Bayesian linear regression, known noise, Gaussian prior (conjugate: exact posterior)",
        true, regression_params(200),
        [](const TargetSpec& spec, const ParamValues& values) {
          return make_regression(spec, values, ResponseKind::Gaussian);
        },
        true);
    linear.params.push_back(real_param("noise_sd", "noise sd σ", 1e-3, 1e6, 1.0,
                                       "Known standard deviation of the observation noise", true));
    list.push_back(std::move(linear));
  }
  list.push_back(entry(
      "logistic",
      "Bayesian logistic regression with a Gaussian prior (HMC-ECS paper, Dang et "
      "al. 2019)",
      true, regression_params(1000),
      [](const TargetSpec& spec, const ParamValues& values) {
        return make_regression(spec, values, ResponseKind::Binary);
      },
      true));
  list.push_back(entry("mlp",
                       "Bayesian multilayer perceptron, 1 or 2 hidden layers, N(0, prior_sd² I) "
                       "prior (Chen et al. 2014, Sec. 4.2; EWSG paper, Sec. 5.3)",
                       true, mlp_params(), make_mlp, true));
  return list;
}

// Only the bounds the user gave: the others are found from the potential.
std::shared_ptr<const Target> make_custom_target(const TargetSpec& spec, const ParamValues&) {
  if (spec.potential.empty())
    throw UserError("target 'custom' needs a potential, e.g. --potential '0.5*x^2 + 0.5*y^2'");
  const expr::Program program = expr::Program::compile(spec.potential);
  WindowBounds bounds;
  for (const auto& [name, value] : spec.params) {
    const int axis = name[0] == 'x' ? 0 : 1;
    if (axis >= program.dim())
      throw UserError("target 'custom': " + name +
                      " applies to 2-D potentials; this one uses x only");
    (name.ends_with("min") ? bounds.lo : bounds.hi)[axis] = value;
  }
  return std::make_shared<CustomTarget>(spec.potential, bounds);
}

std::string known_ids() {
  std::string ids;
  for (const auto& info : target_catalogue()) ids += (ids.empty() ? "" : ", ") + info.id;
  return ids;
}

}  // namespace

const std::vector<std::string>& custom_bound_names() {
  static const std::vector<std::string> names = {"xmin", "xmax", "ymin", "ymax"};
  return names;
}

const std::vector<TargetInfo>& target_catalogue() {
  static const std::vector<TargetInfo> catalogue = build_catalogue();
  return catalogue;
}

const TargetInfo* find_target_info(const std::string& id) {
  for (const auto& info : target_catalogue())
    if (info.id == id) return &info;
  return nullptr;
}

std::string data_file_target_ids(const std::string& separator) {
  std::vector<std::string> ids;
  for (const auto& info : target_catalogue())
    if (info.accepts_data_file) ids.push_back(info.id);
  // In a sentence ("linear, logistic and mlp") only the last pair takes " and ".
  const bool sentence = separator == " and ";
  std::string text;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) text += sentence && i + 1 < ids.size() ? ", " : separator;
    text += ids[i];
  }
  return text;
}

std::shared_ptr<const Target> make_target(const TargetSpec& spec) {
  const TargetInfo* info = find_target_info(spec.id);
  if (!info) throw UserError("unknown target '" + spec.id + "' (known: " + known_ids() + ")");
  const std::string owner = "target '" + spec.id + "'";
  // Target parameters all have ParamScope::Any, so the data/analytic flag does not matter here.
  validate_params(spec.params, info->params, owner, false);
  if (!spec.data_csv.empty()) {
    if (!info->accepts_data_file)
      throw UserError(owner + " takes no data file (--data applies to " +
                      data_file_target_ids(" and ") + ")");
    for (const char* name : {"n", "d", "seed"})
      if (spec.params.count(name))
        throw UserError(owner + ": parameter '" + name +
                        "' is a --synthetic setting and cannot be combined with --data");
  }
  if (spec.id != "custom" && !spec.potential.empty())
    throw UserError("a potential expression applies to --target custom only, not to " + owner);
  return info->make(spec, with_defaults(spec.params, info->params, false));
}

}  // namespace sgl
