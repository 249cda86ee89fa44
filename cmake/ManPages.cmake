# A man page for every program of FLANK_PROGRAMS, made at build time by
# help2man (Debian package help2man) from the program's own --help and
# --version, so it never drifts from the program. The hand-written part, a NAME
# line and a short DESCRIPTION (help2man's include format, `man help2man`), is
# PROGRAM.h2m beside the program's sources; a program without one still gets a
# page, named generically, and the configure step says so.
# Pages go to BUILD/man/PROGRAM.1.gz and install into share/man/man1.
find_program(HELP2MAN_EXECUTABLE help2man)
find_program(GZIP_EXECUTABLE gzip)
if(NOT HELP2MAN_EXECUTABLE OR NOT GZIP_EXECUTABLE)
  message(STATUS "help2man or gzip not found: no man pages (scripts/package.sh installs them)")
  return()
endif()

# Every page ends with the others and where the documentation is: SEE ALSO,
# written from the list itself.
set(see_also ${CMAKE_BINARY_DIR}/man/see-also.h2m)
set(see_also_text "[SEE ALSO]\n")
foreach(program ${FLANK_PROGRAMS})
  string(REPLACE "-" "\\-" escaped ${program})
  string(APPEND see_also_text ".BR ${escaped} (1),\n")
endforeach()
string(APPEND see_also_text "and the documentation in\n.IR ${CMAKE_INSTALL_FULL_DOCDIR} .\n")
file(CONFIGURE OUTPUT ${see_also} CONTENT "${see_also_text}")

set(man_pages "")
foreach(program ${FLANK_PROGRAMS})
  get_target_property(program_dir ${program} SOURCE_DIR)
  set(description ${program_dir}/${program}.h2m)
  if(EXISTS ${description})
    set(description_args --include=${description})
    set(description_deps ${description})
  else()
    message(STATUS "${program}: no ${description}, its man page has --help and --version only")
    set(description_args "--name=a program of flank, the Othello engine")
    set(description_deps "")
  endif()
  set(page ${CMAKE_BINARY_DIR}/man/${program}.1)
  # gzip -n: no name or time stamp inside, so the same page gives the same bytes.
  add_custom_command(
    OUTPUT ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
    COMMAND ${HELP2MAN_EXECUTABLE} --no-info --section=1 "--source=flank ${PROJECT_VERSION}"
            "--manual=flank manual" ${description_args} --include=${see_also} --output=${page} $<TARGET_FILE:${program}>
    COMMAND ${GZIP_EXECUTABLE} -9nf ${page}
    DEPENDS ${program} ${description_deps} ${see_also}
    COMMENT "Man page for ${program}"
    VERBATIM)
  list(APPEND man_pages ${page}.gz)
endforeach()
add_custom_target(man_pages ALL DEPENDS ${man_pages})
install(FILES ${man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
