#include "tools/review/report.hpp"

#include <algorithm>
#include <cstdio>
#include <set>

#include "engine/board/square.hpp"

namespace flank::review {
namespace {

std::string colour_name(Color c) { return c == Color::Black ? "black" : "white"; }

std::string signed_text(int score) {
  std::string text = std::to_string(score);
  if (score >= 0) text.insert(text.begin(), '+');
  return text;
}

std::set<std::size_t> marked_moves(const GameReview& review) {
  std::set<std::size_t> marked;
  for (Color side : {Color::Black, Color::White})
    for (std::size_t i : worst_moves(review, side)) marked.insert(i);
  return marked;
}

// "+2 for black".
std::string worth(int black_score, Color side) {
  return signed_text(black_view(black_score, side)) + " for " + colour_name(side);
}

// XML text: the title may hold player names with & or <.
std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", x);
  return text;
}

}  // namespace

std::string source_name(Source source) {
  switch (source) {
    case Source::Book:
      return "book";
    case Source::Exact:
      return "exact";
    case Source::Searched:
      return "search";
  }
  return "search";
}

void write_table(std::ostream& out, const GameReview& review) {
  const std::set<std::size_t> marked = marked_moves(review);
  char line[160];
  std::snprintf(line, sizeof line, "%4s  %-6s %-5s %-5s %5s %7s %5s  %s\n", "ply", "colour", "move",
                "best", "best", "played", "loss", "how");
  out << line;
  for (std::size_t i = 0; i < review.moves.size(); ++i) {
    const ReviewedMove& m = review.moves[i];
    std::snprintf(line, sizeof line, "%4d  %-6s %-5s %-5s %5s %7s %5d  %s%s\n", m.ply,
                  colour_name(m.color).c_str(), square_name(m.played, review.shape).c_str(),
                  square_name(m.best, review.shape).c_str(), signed_text(m.best_score).c_str(),
                  signed_text(m.played_score).c_str(), m.loss, source_name(m.source).c_str(),
                  marked.count(i) ? " *" : "");
    out << line;
  }
}

void write_summary(std::ostream& out, const GameReview& review) {
  for (Color side : {Color::Black, Color::White}) {
    const SideSummary s = summarize(review, side);
    out << (side == Color::Black ? "Black" : "White") << ": " << s.moves
        << (s.moves == 1 ? " move" : " moves") << ", total loss " << s.total_loss
        << ", largest loss " << s.largest_loss;
    if (s.largest)
      out << " (ply " << s.largest->ply << ", " << square_name(s.largest->played, review.shape)
          << " for " << square_name(s.largest->best, review.shape) << ")";
    out << "; the first position is worth " << worth(start_value(review), side) << "\n";
  }
  if (review.game_over) out << "Result: " << signed_text(review.final_score) << " for black\n";
}

void write_csv(std::ostream& out, const GameReview& review) {
  out << "ply,color,move,best,best_score,played_score,loss,exact\n";
  for (const ReviewedMove& m : review.moves)
    out << m.ply << ',' << colour_name(m.color) << ',' << square_name(m.played, review.shape) << ','
        << square_name(m.best, review.shape) << ',' << m.best_score << ',' << m.played_score << ','
        << m.loss << ',' << source_name(m.source) << '\n';
}

void write_svg(std::ostream& out, const GameReview& review, const std::string& title) {
  constexpr double kWidth = 720, kHeight = 360, kLeft = 50, kRight = 20, kTop = 40, kBottom = 40;
  const std::size_t plies = review.moves.size();
  // The value after each move for black, after the first position's value.
  std::vector<int> values{start_value(review)};
  for (const ReviewedMove& m : review.moves) values.push_back(black_view(m.played_score, m.color));
  int range = 8;
  for (int v : values) range = std::max(range, v < 0 ? -v : v);
  range = (range + 7) / 8 * 8;  // a whole number of 8-disc grid steps
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  const auto x_of = [&](std::size_t ply) {
    return kLeft +
           plot_w * static_cast<double>(ply) / static_cast<double>(std::max<std::size_t>(1, plies));
  };
  const auto y_of = [&](int v) { return kTop + plot_h * (range - v) / (2.0 * range); };

  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << kHeight
      << "\" viewBox=\"0 0 " << kWidth << ' ' << kHeight
      << "\" font-family=\"sans-serif\" font-size=\"11\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << kLeft << "\" y=\"18\" font-size=\"14\">" << escaped(title) << "</text>\n";
  // Grid: every 8 discs, and the plies every 10.
  for (int v = -range; v <= range; v += 8) {
    out << "<line x1=\"" << kLeft << "\" x2=\"" << kWidth - kRight << "\" y1=\"" << number(y_of(v))
        << "\" y2=\"" << number(y_of(v)) << "\" stroke=\"" << (v == 0 ? "#444" : "#ddd") << "\"/>\n"
        << "<text x=\"" << kLeft - 6 << "\" y=\"" << number(y_of(v) + 4)
        << "\" text-anchor=\"end\">" << signed_text(v) << "</text>\n";
  }
  for (std::size_t ply = 0; ply <= plies; ply += 10)
    out << "<text x=\"" << number(x_of(ply)) << "\" y=\"" << kHeight - kBottom + 16
        << "\" text-anchor=\"middle\">" << ply << "</text>\n";
  out << "<text x=\"" << kLeft + plot_w / 2 << "\" y=\"" << kHeight - 8
      << "\" text-anchor=\"middle\">ply (score for black, in discs)</text>\n";
  out << "<polyline fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"2\" points=\"";
  for (std::size_t i = 0; i < values.size(); ++i)
    out << (i ? " " : "") << number(x_of(i)) << ',' << number(y_of(values[i]));
  out << "\"/>\n";
  for (std::size_t i = 0; i < plies; ++i) {
    const bool exact = review.moves[i].source == Source::Exact;
    out << "<circle cx=\"" << number(x_of(i + 1)) << "\" cy=\"" << number(y_of(values[i + 1]))
        << "\" r=\"" << (exact ? 3 : 2) << "\" fill=\"" << (exact ? "#1f5fa8" : "white")
        << "\" stroke=\"#1f5fa8\"/>\n";
  }
  for (std::size_t i : marked_moves(review)) {
    const ReviewedMove& m = review.moves[i];
    const double y = y_of(values[i + 1]);
    out << "<text x=\"" << number(x_of(i + 1)) << "\" y=\""
        << number(y < kTop + 20 ? y + 16 : y - 8) << "\" text-anchor=\"middle\" fill=\""
        << (m.color == Color::Black ? "#000" : "#b03030") << "\">" << m.ply << ". "
        << square_name(m.played, review.shape) << " -" << m.loss << "</text>\n";
  }
  out << "<text x=\"" << kLeft
      << "\" y=\"34\" fill=\"#555\">filled dots: exact scores; "
         "labels: each side's worst moves (black's in black, white's in red)</text>\n"
      << "</svg>\n";
}

}  // namespace flank::review
