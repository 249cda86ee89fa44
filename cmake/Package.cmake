# The Debian package (CPack's DEB generator; scripts/package.sh builds it):
# everything `cmake --install` installs, under /usr, as
# flank_VERSION_ARCH.deb, the version being the project's. Its dependencies
# are computed from the programs' shared libraries by dpkg-shlibdeps (Debian
# package dpkg-dev), so they name the versions of the building machine.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME flank)
set(CPACK_PACKAGE_VENDOR "The flank authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Othello/Reversi engine speaking GTP, with a referee and a terminal game")
# Lines as a Debian description has them, under 80 columns.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
  "flank plays Othello (Reversi) on every board of even sides from 4 to 26,\n"
  "square or rectangular, and speaks GTP version 2 and NBoard, for scripts,\n"
  "GUIs such as Quarry or NBoard, and tournament referees. With it come\n"
  "flank-referee (matches between any two GTP engines, with Elo), flank-play\n"
  "(Othello in the terminal), flank-review (where a game was lost),\n"
  "flank-bench, flank-train, flank-book and the word game flank-hangman.")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "The flank authors")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
# xz, as Debian's own packages: every program carries the same weights, net and
# book, which xz's window finds again from one program to the next (the
# package with the builds for newer CPUs: 8.0 MB instead of gzip's 64 MB).
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
# Directories as Debian has them (rwxr-xr-x), whatever the builder's umask.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
