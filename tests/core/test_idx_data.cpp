// IDX data (MNIST, Fashion-MNIST) for the MLP: the reader (raw and gzipped files, the magic
// number, truncation), the images' labels found beside them, pixels scaled to [0, 1], and the
// refusals in one line (not categorical, a truncated file, no labels file).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/io/idx_file.hpp"
#include "core/targets/data_target.hpp"
#include "core/targets/predictive_model.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;
namespace fs = std::filesystem;

namespace {

void write_idx(const fs::path& path, const std::vector<int>& shape,
               const std::vector<unsigned char>& values) {
  std::ofstream out(path, std::ios::binary);
  out.put(0).put(0).put(0x08).put(static_cast<char>(shape.size()));
  for (int n : shape)
    out.put(static_cast<char>(n >> 24))
        .put(static_cast<char>(n >> 16))
        .put(static_cast<char>(n >> 8))
        .put(static_cast<char>(n));
  out.write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size()));
}

// Five 2 × 3 images (pixel k·6 + j holds 10·k + j) with labels 0, 1, 2, 0, 1.
fs::path make_set(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("sgl_idx_" + std::to_string(::getpid()) + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::vector<unsigned char> pixels;
  for (int k = 0; k < 5; ++k)
    for (int j = 0; j < 6; ++j) pixels.push_back(static_cast<unsigned char>(10 * k + j));
  write_idx(dir / "train-images-idx3-ubyte", {5, 2, 3}, pixels);
  write_idx(dir / "train-labels-idx1-ubyte", {5}, {0, 1, 2, 0, 1});
  return dir;
}

std::shared_ptr<const Target> mlp_on(const fs::path& images, double likelihood = 2) {
  return make_target({"mlp", {{"likelihood", likelihood}, {"hidden", 4}}, images.string(), "y"});
}

}  // namespace

TEST_CASE("idx: images and their labels become a categorical MLP's data", "[idx][mlp]") {
  const fs::path dir = make_set("plain");
  const fs::path images = dir / "train-images-idx3-ubyte";
  CHECK(is_idx_file(images.string()));
  CHECK(idx_labels_path(images.string()) == (dir / "train-labels-idx1-ubyte").string());
  const IdxArray array = read_idx(images.string(), 3);
  CHECK(array.shape == std::vector<std::int64_t>{3, 2, 3});
  CHECK(array.values.size() == 18);

  const auto target = mlp_on(images);
  CHECK(target->as_data_target()->num_data() == 5);
  CHECK(target->dim() == 4 * 7 + 3 * 5);  // 6 pixels, 4 units, 3 classes
  const PredictiveModel& model = *predictive_model(*target);
  CHECK(model.inputs()(3, 2) == Approx(32.0 / 255.0));
  CHECK(model.responses()[2] == 2.0);
  CHECK(model.input_names().back() == "px6");

  // Gzipped, as Debian ships Fashion-MNIST: the same data.
  REQUIRE(
      std::system(("gzip -k " + images.string() + " " + (dir / "train-labels-idx1-ubyte").string())
                      .c_str()) == 0);
  const fs::path gz = dir / "train-images-idx3-ubyte.gz";
  CHECK(is_idx_file(gz.string()));
  CHECK(predictive_model(*mlp_on(gz))->inputs() == model.inputs());
  fs::remove_all(dir);
}

TEST_CASE("idx: refusals in one line", "[idx][mlp]") {
  const fs::path dir = make_set("bad");
  const fs::path images = dir / "train-images-idx3-ubyte";
  const auto message = [](const auto& make) -> std::string {
    try {
      make();
    } catch (const UserError& error) {
      return error.what();
    }
    return "";
  };
  CHECK_THAT(message([&] { mlp_on(images, 0); }), Catch::Contains("likelihood=categorical"));
  // Truncated: the header promises 5 images, the file holds 2.
  write_idx(dir / "short-images-idx3-ubyte", {5, 2, 3}, std::vector<unsigned char>(12, 1));
  write_idx(dir / "short-labels-idx1-ubyte", {5}, {0, 1, 0, 1, 0});
  CHECK_THAT(message([&] { mlp_on(dir / "short-images-idx3-ubyte"); }),
             Catch::Contains("truncated"));
  // Images without the labels file beside them.
  write_idx(dir / "lone-images-idx3-ubyte", {5, 2, 3}, std::vector<unsigned char>(30, 1));
  CHECK_THAT(message([&] { mlp_on(dir / "lone-images-idx3-ubyte"); }),
             Catch::Contains("cannot be opened"));
  for (const char* name : {"short-images-idx3-ubyte", "lone-images-idx3-ubyte"})
    CHECK(message([&] { mlp_on(dir / name); }).find('\n') == std::string::npos);
  fs::remove_all(dir);
}
