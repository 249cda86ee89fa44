// Making and merging the position file's games (flank-train's first steps).
#include "tools/train/games_step.hpp"

#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>

#include "engine/search/search.hpp"
#include "tools/train/parallel.hpp"
#include "tools/train/progress.hpp"
#include "tools/train/random_children.hpp"
#include "tools/train/shard.hpp"
#include "tools/train/wthor_data.hpp"

namespace flank::train {

namespace {

// One game of the position file: its number and how to make its positions.
struct Job {
  std::uint32_t game;
  std::function<std::vector<Sample>(Searcher&)> make;
};

// The games this run adds: self-play games and the WTHOR games of --games-pgn.
std::vector<Job> jobs(const Settings& s) {
  std::vector<Job> out;
  if (s.games > 0) {
    auto openings = std::make_shared<const std::vector<std::string>>(read_openings(s.openings));
    for (std::uint32_t g = 0; g < static_cast<std::uint32_t>(s.games); ++g)
      if (in_shard(g, s.shard_index, s.shard_count))  // numbered within the self-play games
        out.push_back({g, [g, openings, &s](Searcher& searcher) {
                         return play_game(g, s.seed, *openings, s.play, searcher);
                       }});
  }
  if (!s.games_pgn.empty()) {
    auto wthor = std::make_shared<const WthorGames>(read_wthor_games(s.games_pgn));
    std::cout << "WTHOR games in " << wthor->files.size() << " file(s): " << wthor->stats.games
              << " legal, " << wthor->stats.skipped << " records skipped" << std::endl;
    for (const std::string& why : wthor->stats.first_errors)
      std::cout << "  skipped: " << why << "\n";
    for (std::size_t i = 0; i < wthor->moves.size(); ++i)
      if (in_shard(i, s.shard_index, s.shard_count))  // numbered within the PGN games
        out.push_back(
            {kWthorGameBase + static_cast<std::uint32_t>(i), [i, wthor, &s](Searcher& searcher) {
               return label_wthor_game(wthor->moves[i], wthor->black_result[i],
                                       kWthorGameBase + static_cast<std::uint32_t>(i),
                                       s.play.exact_empties, s.play.wld_empties, searcher);
             }});
  }
  return out;
}

}  // namespace

void generate(const Settings& s, const Dataset& existing) {
  std::vector<Job> todo;
  for (Job& job : jobs(s))
    if (!existing.games.count(job.game)) todo.push_back(std::move(job));
  std::cout << "positions file " << s.data << ": " << existing.games.size() << " games, "
            << existing.samples.size() << " positions; making " << todo.size() << " more"
            << std::endl;
  if (todo.empty()) return;
  if (std::filesystem::exists(s.data) &&
      std::filesystem::file_size(s.data) > existing.complete_bytes)
    std::filesystem::resize_file(s.data, existing.complete_bytes);  // drop an unfinished game
  std::ofstream out(s.data, std::ios::app);
  if (!out) throw std::runtime_error("cannot write position file " + s.data);

  std::mutex lock;  // guards the file and the counts
  std::size_t done = 0, positions = 0;
  Progress progress("games", static_cast<double>(todo.size()));
  std::exception_ptr failure;  // reported after the progress line is finished
  try {
    parallel_for(
        todo.size(), s.threads, [] { return std::make_unique<Searcher>(16); },
        [&](Searcher& searcher, std::size_t i) {
          const std::vector<Sample> samples = todo[i].make(searcher);
          const std::string text = format_game(todo[i].game, samples);
          std::lock_guard<std::mutex> guard(lock);
          out << text << std::flush;
          if (!out) throw std::runtime_error("cannot write position file " + s.data);
          ++done;
          positions += samples.size();
          progress.update(static_cast<double>(done),
                          std::to_string(positions) + " positions, " +
                              std::to_string(static_cast<int>(positions / progress.seconds())) +
                              "/s,");
        });
  } catch (...) {
    failure = std::current_exception();
  }
  progress.finish(static_cast<double>(done), std::to_string(positions) + " positions");
  if (failure) std::rethrow_exception(failure);
}

void merge(const Settings& s) {
  std::map<std::uint32_t, std::vector<Sample>> games;
  for (const std::string& part : s.merge) {
    const Dataset d = read_dataset(part);
    std::map<std::uint32_t, std::vector<Sample>> mine;
    for (const Sample& x : d.samples) mine[x.game].push_back(x);
    for (std::uint32_t g : d.games) {
      if (games.count(g))
        throw std::runtime_error("game " + std::to_string(g) + " is in two parts (" + part + ")");
      games[g] = std::move(mine[g]);
    }
  }
  const ChildOptions child_options{s.children, s.play.exact_empties, s.seed};
  std::ofstream out(s.data, std::ios::trunc);
  std::size_t positions = 0, children = 0;
  for (auto& [g, samples] : games) {
    if (s.children > 0) {
      const std::vector<Sample> more = random_children(samples, child_options);
      samples.insert(samples.end(), more.begin(), more.end());
      children += more.size();
    }
    out << format_game(g, samples);
    positions += samples.size();
  }
  if (!out.flush()) throw std::runtime_error("cannot write position file " + s.data);
  std::cout << "merged " << s.merge.size() << " parts into " << s.data << ": " << games.size()
            << " games, " << positions << " positions";
  if (s.children > 0) std::cout << " (" << children << " of them random children)";
  std::cout << std::endl;
}

}  // namespace flank::train
