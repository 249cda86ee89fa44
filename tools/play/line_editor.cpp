#include "tools/play/line_editor.hpp"

#include <histedit.h>

#include <cstdio>
#include <stdexcept>

#include "tools/play/line_input.hpp"

namespace flank::terminal_play {

namespace {
constexpr int kHistoryLines = 200;
}

LineEditor::LineEditor(const char* program)
    : el_(el_init(program, stdin, stdout, stderr)), history_(history_init()) {
  if (!el_ || !history_) throw std::runtime_error("cannot start the line editor");
  HistEvent event;
  history(history_, &event, H_SETSIZE, kHistoryLines);
  history(history_, &event, H_SETUNIQUE, 1);
  el_set(el_, EL_EDITOR, "emacs");
  el_set(el_, EL_SIGNAL, 1);  // Ctrl-C at a prompt restores the terminal before the program ends
  el_set(el_, EL_CLIENTDATA, this);
  el_set(el_, EL_PROMPT, &LineEditor::prompt_of);
  el_set(el_, EL_HIST, history, history_);
  el_source(el_, nullptr);  // the user's ~/.editrc, as other libedit programs do
}

LineEditor::~LineEditor() {
  history_end(history_);
  el_end(el_);
}

char* LineEditor::prompt_of(editline* el) {
  void* self = nullptr;
  el_get(el, EL_CLIENTDATA, &self);
  return static_cast<LineEditor*>(self)->prompt_.data();
}

std::optional<std::string> LineEditor::read(std::string_view prompt) {
  prompt_ = prompt;
  std::fflush(stdout);
  int count = 0;
  const char* line = el_gets(el_, &count);
  if (!line || count <= 0) {
    std::fputs("\n", stdout);  // Ctrl-D leaves the cursor after the prompt
    std::fflush(stdout);
    return std::nullopt;
  }
  std::string text = trim(line);
  if (!text.empty()) {
    HistEvent event;
    history(history_, &event, H_ENTER, text.c_str());
  }
  return text;
}

}  // namespace flank::terminal_play
