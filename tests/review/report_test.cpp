// The review written out: the table's marks, the summary, the CSV columns and
// a standalone SVG.
#include "tools/review/report.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "engine/board/square.hpp"

using namespace flank;
using namespace flank::review;

namespace {

// f5 (book), d6 losing 6 (white), c3 exact, then a pass.
GameReview sample() {
  GameReview r;
  const auto add = [&](Color c, const char* played, const char* best, int b, int p, Source s) {
    ReviewedMove m;
    m.ply = static_cast<int>(r.moves.size()) + 1;
    m.color = c;
    m.played = std::string(played) == "pass" ? kPass : parse_square(played, Shape{});
    m.best = std::string(best) == "pass" ? kPass : parse_square(best, Shape{});
    m.best_score = b;
    m.played_score = p;
    m.loss = move_loss(b, p);
    m.source = s;
    r.moves.push_back(m);
  };
  add(Color::Black, "f5", "f5", 0, 0, Source::Book);
  add(Color::White, "d6", "f6", 0, -6, Source::Searched);
  add(Color::Black, "c3", "c3", 6, 6, Source::Exact);
  add(Color::White, "pass", "pass", -6, -6, Source::Exact);
  r.final_score = 6;
  r.game_over = true;
  return r;
}

}  // namespace

TEST_CASE("the table marks the worst moves and says how each was scored") {
  std::ostringstream out;
  write_table(out, sample());
  const std::string text = out.str();
  CHECK(text.find("   2  white  d6    f6       +0      -6     6  search *") != std::string::npos);
  CHECK(text.find("   1  black  f5    f5       +0      +0     0  book") != std::string::npos);
  CHECK(text.find("   4  white  pass  pass") != std::string::npos);
  CHECK(text.find("exact *") == std::string::npos);  // no loss, no mark
}

TEST_CASE("the summary: a line per side and the result") {
  std::ostringstream out;
  write_summary(out, sample());
  CHECK(out.str() ==
        "Black: 2 moves, total loss 0, largest loss 0; the first position is worth +0 for black\n"
        "White: 1 move, total loss 6, largest loss 6 (ply 2, d6 for f6); the first position is "
        "worth +0 for white\n"
        "Result: +6 for black\n");
}

TEST_CASE("the CSV has the issue's columns and one row per move") {
  std::ostringstream out;
  write_csv(out, sample());
  CHECK(out.str() ==
        "ply,color,move,best,best_score,played_score,loss,exact\n"
        "1,black,f5,f5,0,0,0,book\n"
        "2,white,d6,f6,0,-6,6,search\n"
        "3,black,c3,c3,6,6,0,exact\n"
        "4,white,pass,pass,-6,-6,0,exact\n");
}

TEST_CASE("the SVG is a standalone picture with the graph and the worst moves") {
  std::ostringstream out;
  write_svg(out, sample(), "Ann & Bob");
  const std::string svg = out.str();
  CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  CHECK(svg.ends_with("</svg>\n"));
  CHECK(svg.find("Ann &amp; Bob") != std::string::npos);
  CHECK(svg.find("<polyline") != std::string::npos);
  CHECK(svg.find(">2. d6 -6</text>") != std::string::npos);
  // Five points: the start, then after each move; the line passes through all.
  const auto points = svg.substr(svg.find("points=\""));
  CHECK(std::count(points.begin(), points.begin() + points.find("\"/>"), ',') == 5);
}
