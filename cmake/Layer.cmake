# flank_layer(TARGET FOLDER DIR [LINKS lib...] [SOURCES extra.cpp...])
# One layer of the architecture: a static library of DIR/*.cpp whose headers
# are included as "DIR/name.hpp". Its only include root is a folder of the
# build tree that holds DIR alone (a symbolic link), so a target sees the
# headers of the layers it links and no others: an include that runs upward,
# or sideways to a layer not linked, fails to compile. The layers and their
# order are drawn in docs/architecture.md; tests/architecture checks that a
# wrong include really fails.
function(flank_layer target)
  cmake_parse_arguments(LAYER "" "FOLDER" "LINKS;SOURCES" ${ARGN})
  if(NOT LAYER_FOLDER)
    message(FATAL_ERROR "flank_layer: FOLDER is required")
  endif()
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/${LAYER_FOLDER}/*.cpp)
  if(LAYER_SOURCES)
    list(APPEND sources ${LAYER_SOURCES})
  endif()
  add_library(${target} STATIC ${sources})
  flank_layer_root(${target} ${LAYER_FOLDER})
  if(LAYER_LINKS)
    target_link_libraries(${target} PUBLIC ${LAYER_LINKS})
  endif()
endfunction()

# flank_layer_root(TARGET DIR): gives TARGET (and what links it) an include
# root holding only DIR, as flank_layer does.
function(flank_layer_root target folder)
  string(REPLACE "/" "_" name "${folder}")
  set(root ${CMAKE_BINARY_DIR}/layers/${name})
  get_filename_component(parent ${root}/${folder} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  file(REMOVE ${root}/${folder})
  file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${folder} ${root}/${folder} SYMBOLIC)
  target_include_directories(${target} PUBLIC ${root})
endfunction()
