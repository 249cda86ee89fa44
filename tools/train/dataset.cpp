#include "tools/train/dataset.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace flank::train {

Dataset read_dataset(const std::string& path) {
  Dataset d;
  std::ifstream in(path);
  if (!in) return d;
  std::vector<Sample> pending;  // the current game, kept once its end line is read
  std::uint64_t offset = 0;
  int line_no = 0;
  bool last_line_complete = true;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    last_line_complete = !in.eof();
    offset += line.size() + (last_line_complete ? 1 : 0);
    if (!last_line_complete) break;  // a line cut off by an interrupted write
    std::istringstream fields(line);
    std::string tag;
    fields >> tag;
    const auto bad = [&](const std::string& why) {
      return std::runtime_error("position file " + path + " line " + std::to_string(line_no) +
                                ": " + why);
    };
    if (tag == "p") {
      Sample s;
      std::string me, opp, kind;
      if (!(fields >> s.game >> me >> opp >> s.label >> kind) || me.size() != 16 ||
          opp.size() != 16 || kind.size() != 1)
        throw bad("expected `p GAME ME OPP LABEL KIND`");
      s.me = std::stoull(me, nullptr, 16);
      s.opp = std::stoull(opp, nullptr, 16);
      if (s.me & s.opp) throw bad("a square is both the mover's and the opponent's");
      if (kind != "e" && kind != "s" && kind != "o") throw bad("label kind must be e, s or o");
      s.kind = static_cast<LabelKind>(kind[0]);
      if (!pending.empty() && pending.back().game != s.game) pending.clear();  // unfinished game
      pending.push_back(s);
    } else if (tag == "end") {
      std::uint32_t game = 0;
      if (!(fields >> game)) throw bad("expected `end GAME`");
      for (const Sample& s : pending)
        if (s.game == game) d.samples.push_back(s);
      pending.clear();
      d.games.insert(game);
      d.complete_bytes = offset;
    } else if (!tag.empty() && tag[0] != '#') {
      throw bad("unknown line type '" + tag + "'");
    }
  }
  // Threads append games in the order they finish; fitting in game order makes
  // the weights independent of the thread count.
  std::stable_sort(d.samples.begin(), d.samples.end(),
                   [](const Sample& a, const Sample& b) { return a.game < b.game; });
  return d;
}

Sample sample_of(const Position& p, float label, LabelKind kind, std::uint32_t game) {
  const Board<std::uint64_t> b = p.board<std::uint64_t>();
  return Sample{b.me, b.opp, label, kind, game};
}

std::vector<Sample> samples_of(const std::vector<EndgameCase>& cases) {
  std::vector<Sample> samples;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (cases[i].position.shape() != Shape::square(8))
      throw std::invalid_argument("position " + cases[i].id + " is not 8x8");
    samples.push_back(sample_of(cases[i].position, static_cast<float>(cases[i].score),
                                LabelKind::Exact, static_cast<std::uint32_t>(i)));
  }
  return samples;
}

std::string format_game(std::uint32_t game, const std::vector<Sample>& samples) {
  std::string out;
  char buf[96];
  for (const Sample& s : samples) {
    std::snprintf(buf, sizeof buf, "p %u %016llx %016llx %g %c\n", game,
                  static_cast<unsigned long long>(s.me), static_cast<unsigned long long>(s.opp),
                  static_cast<double>(s.label), static_cast<char>(s.kind));
    out += buf;
  }
  out += "end " + std::to_string(game) + "\n";
  return out;
}

}  // namespace flank::train
