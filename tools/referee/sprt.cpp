#include "tools/referee/sprt.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace flank::referee {

namespace {

constexpr double kUnseen = 1e-3;  // the count of an outcome not seen yet

std::vector<double> support(bool paired) {
  return paired ? std::vector<double>{0, 0.25, 0.5, 0.75, 1} : std::vector<double>{0, 0.5, 1};
}

// lambda of the largest-likelihood distribution with mean s (see sprt.hpp):
// the root of a decreasing function on the interval where every weight
// 1 + lambda (x_i - s) stays positive, found by bisection.
double lagrange_multiplier(const std::vector<double>& p, const std::vector<double>& x, double s) {
  double lo = -1e300, hi = 1e300;
  for (double xi : x) {
    const double d = xi - s;
    if (d > 0) lo = std::max(lo, -1 / d);
    if (d < 0) hi = std::min(hi, -1 / d);
  }
  const auto slope = [&](double lambda) {
    double sum = 0;
    for (size_t i = 0; i < x.size(); ++i) sum += p[i] * (x[i] - s) / (1 + lambda * (x[i] - s));
    return sum;
  };
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (slope(mid) > 0) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi);
}

std::string signed_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", v);
  return buf;
}

}  // namespace

double SprtBounds::lower() const { return std::log(beta / (1 - alpha)); }
double SprtBounds::upper() const { return std::log((1 - beta) / alpha); }

double score_from_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

SprtBounds parse_sprt(const std::string& text) {
  std::vector<double> v;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');) {
    size_t used = 0;
    double value = 0;
    try {
      value = std::stod(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != part.size() || !std::isfinite(value))
      throw std::invalid_argument("--sprt: '" + part +
                                  "' is not a number (ELO0,ELO1[,ALPHA,BETA])");
    v.push_back(value);
  }
  if (v.size() != 2 && v.size() != 4)
    throw std::invalid_argument("--sprt takes ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA (got '" + text +
                                "')");
  SprtBounds b;
  b.elo0 = v[0];
  b.elo1 = v[1];
  if (v.size() == 4) {
    b.alpha = v[2];
    b.beta = v[3];
  }
  if (!(b.elo0 < b.elo1)) throw std::invalid_argument("--sprt: ELO0 must be below ELO1");
  if (std::abs(b.elo0) > 1000 || std::abs(b.elo1) > 1000)
    throw std::invalid_argument("--sprt: Elo bounds must be within -1000..1000");
  if (!(b.alpha > 0 && b.alpha < 0.5 && b.beta > 0 && b.beta < 0.5))
    throw std::invalid_argument("--sprt: ALPHA and BETA must be above 0 and below 0.5");
  return b;
}

double generalised_llr(const std::vector<double>& counts, const std::vector<double>& values,
                       double s0, double s1) {
  double n = 0;
  std::vector<double> p;
  for (double c : counts) p.push_back(c > 0 ? c : kUnseen);
  for (double c : p) n += c;
  for (double& c : p) c /= n;
  const double l0 = lagrange_multiplier(p, values, s0);
  const double l1 = lagrange_multiplier(p, values, s1);
  double sum = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    sum += p[i] * (std::log1p(l0 * (values[i] - s0)) - std::log1p(l1 * (values[i] - s1)));
  }
  return n * sum;
}

Sprt::Sprt(const SprtBounds& bounds, bool paired)
    : bounds_(bounds), paired_(paired), counts_(support(paired).size(), 0) {}

void Sprt::add(double points_of_a) {
  const long index = std::lround(points_of_a * 2);
  if (index < 0 || index >= static_cast<long>(counts_.size()))
    throw std::invalid_argument("SPRT outcome out of range");
  ++counts_[static_cast<size_t>(index)];
}

int Sprt::outcomes() const {
  double n = 0;
  for (double c : counts_) n += c;
  return static_cast<int>(n);
}

double Sprt::llr() const {
  if (outcomes() == 0) return 0;
  return generalised_llr(counts_, support(paired_), score_from_elo(bounds_.elo0),
                         score_from_elo(bounds_.elo1));
}

int Sprt::decision() const {
  const double v = llr();
  return v >= bounds_.upper() ? 1 : v <= bounds_.lower() ? -1 : 0;
}

std::string Sprt::status() const {
  return "LLR " + signed_text(llr()) + " (" + signed_text(bounds_.lower()) + ", " +
         signed_text(bounds_.upper()) + ")";
}

}  // namespace flank::referee
