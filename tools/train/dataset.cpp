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
      if (kind != "e" && kind != "s" && kind != "o" && kind != "w")
        throw bad("label kind must be e, s, o or w");
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

namespace {

std::uint64_t flip_vertical(std::uint64_t b) { return __builtin_bswap64(b); }

std::uint64_t mirror_horizontal(std::uint64_t b) {
  const std::uint64_t k1 = 0x5555555555555555ull, k2 = 0x3333333333333333ull,
                      k4 = 0x0f0f0f0f0f0f0f0full;
  b = ((b >> 1) & k1) | ((b & k1) << 1);
  b = ((b >> 2) & k2) | ((b & k2) << 2);
  return ((b >> 4) & k4) | ((b & k4) << 4);
}

std::uint64_t transpose(std::uint64_t b) {  // mirror along the a1-h8 diagonal
  std::uint64_t t;
  const std::uint64_t k1 = 0x5500550055005500ull, k2 = 0x3333000033330000ull,
                      k4 = 0x0f0f0f0f00000000ull;
  t = k4 & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = k2 & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = k1 & (b ^ (b << 7));
  b ^= t ^ (t >> 7);
  return b;
}

// Which copy's label a duplicate keeps: the one that proves the most.
int proof_rank(LabelKind kind) {
  return kind == LabelKind::Exact ? 2 : kind == LabelKind::WinLossDraw ? 1 : 0;
}

struct Key {
  std::uint64_t me, opp;
  std::size_t index;
};

Key canonical(std::uint64_t me, std::uint64_t opp, std::size_t index) {
  Key best{me, opp, index};
  for (int s = 0; s < 8; ++s) {
    std::uint64_t a = me, b = opp;
    if (s & 1) a = mirror_horizontal(a), b = mirror_horizontal(b);
    if (s & 2) a = flip_vertical(a), b = flip_vertical(b);
    if (s & 4) a = transpose(a), b = transpose(b);
    if (a < best.me || (a == best.me && b < best.opp)) best = {a, b, index};
  }
  return best;
}

}  // namespace

void deduplicate(std::vector<Sample>& samples) {
  std::vector<Key> keys;
  keys.reserve(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i)
    keys.push_back(canonical(samples[i].me, samples[i].opp, i));
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    return a.me != b.me ? a.me < b.me : a.opp != b.opp ? a.opp < b.opp : a.index < b.index;
  });
  std::vector<char> keep(samples.size(), 0);
  for (std::size_t i = 0; i < keys.size();) {
    std::size_t j = i;
    Sample& first = samples[keys[i].index];
    for (; j < keys.size() && keys[j].me == keys[i].me && keys[j].opp == keys[i].opp; ++j) {
      const Sample& copy = samples[keys[j].index];
      if (proof_rank(copy.kind) > proof_rank(first.kind)) {
        first.label = copy.label;
        first.kind = copy.kind;
      }
    }
    keep[keys[i].index] = 1;
    i = j;
  }
  std::size_t out = 0;
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (keep[i]) samples[out++] = samples[i];
  samples.resize(out);
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

void write_dataset(const std::string& path, const std::vector<Sample>& samples) {
  std::ofstream out(path, std::ios::trunc);
  for (std::size_t begin = 0; begin < samples.size();) {
    std::size_t end = begin;
    while (end < samples.size() && samples[end].game == samples[begin].game) ++end;
    out << format_game(samples[begin].game, {samples.begin() + static_cast<std::ptrdiff_t>(begin),
                                             samples.begin() + static_cast<std::ptrdiff_t>(end)});
    begin = end;
  }
  if (!out.flush()) throw std::runtime_error("cannot write position file " + path);
}

}  // namespace flank::train
