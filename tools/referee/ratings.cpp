#include "tools/referee/ratings.hpp"

#include <cmath>
#include <stdexcept>

namespace flank::referee {

namespace {

using Matrix = std::vector<std::vector<double>>;

// The inverse of a symmetric positive definite matrix (Gauss-Jordan; the
// matrices are as small as the number of engines).
Matrix inverse(Matrix a) {
  const size_t n = a.size();
  Matrix inv(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (size_t c = 0; c < n; ++c) {
    size_t pivot = c;
    for (size_t r = c + 1; r < n; ++r) {
      if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
    }
    if (std::abs(a[pivot][c]) < 1e-12)
      throw std::invalid_argument("the engines are not all connected by games");
    std::swap(a[c], a[pivot]);
    std::swap(inv[c], inv[pivot]);
    const double d = a[c][c];
    for (size_t k = 0; k < n; ++k) {
      a[c][k] /= d;
      inv[c][k] /= d;
    }
    for (size_t r = 0; r < n; ++r) {
      if (r == c || a[r][c] == 0) continue;
      const double f = a[r][c];
      for (size_t k = 0; k < n; ++k) {
        a[r][k] -= f * a[c][k];
        inv[r][k] -= f * inv[c][k];
      }
    }
  }
  return inv;
}

}  // namespace

Ratings fit_ratings(const Matrix& points, const Matrix& games, double prior_draws) {
  const size_t n = points.size();
  Ratings out{std::vector<double>(n, 0), std::vector<double>(n, 0)};
  if (n < 2) return out;
  Matrix s = points, g = games;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (i != j && games[i][j] > 0) {
        s[i][j] += prior_draws / 2;
        g[i][j] += prior_draws;
      }
    }
  }
  const double k = std::log(10.0) / 400;
  std::vector<double> r(n, 0);  // engine 0 stays at 0 while fitting
  const auto expected = [&](size_t i, size_t j) { return 1 / (1 + std::exp(k * (r[j] - r[i]))); };
  // -Hessian of the log-likelihood over engines 1..n-1 (the information).
  const auto information = [&] {
    Matrix h(n - 1, std::vector<double>(n - 1, 0));
    for (size_t i = 1; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        if (i == j || g[i][j] == 0) continue;
        const double p = expected(i, j);
        const double w = k * k * g[i][j] * p * (1 - p);
        h[i - 1][i - 1] += w;
        if (j > 0) h[i - 1][j - 1] -= w;
      }
    }
    return h;
  };
  for (int iteration = 0; iteration < 100; ++iteration) {
    std::vector<double> gradient(n - 1, 0);
    for (size_t i = 1; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        if (i != j) gradient[i - 1] += k * (s[i][j] - g[i][j] * expected(i, j));
      }
    }
    const Matrix cov = inverse(information());
    double largest = 0;
    for (size_t i = 1; i < n; ++i) {
      double step = 0;
      for (size_t j = 1; j < n; ++j) step += cov[i - 1][j - 1] * gradient[j - 1];
      step = std::max(-400.0, std::min(400.0, step));  // damped far from the optimum
      r[i] += step;
      largest = std::max(largest, std::abs(step));
    }
    if (largest < 1e-9) break;
  }
  // Covariance of the shifted ratings r - mean(r), with r_0 fixed at 0.
  const Matrix cov_reduced = inverse(information());
  Matrix cov(n, std::vector<double>(n, 0));
  for (size_t i = 1; i < n; ++i) {
    for (size_t j = 1; j < n; ++j) cov[i][j] = cov_reduced[i - 1][j - 1];
  }
  double mean = 0;
  for (double v : r) mean += v / static_cast<double>(n);
  std::vector<double> row_mean(n, 0);
  double all_mean = 0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) row_mean[i] += cov[i][j] / static_cast<double>(n);
    all_mean += row_mean[i] / static_cast<double>(n);
  }
  for (size_t i = 0; i < n; ++i) {
    out.elo[i] = r[i] - mean;
    const double variance = cov[i][i] - 2 * row_mean[i] + all_mean;
    out.margin[i] = 1.959964 * std::sqrt(std::max(0.0, variance));
  }
  return out;
}

}  // namespace flank::referee
