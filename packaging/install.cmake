# `cmake --install build --prefix P` and `cpack -G DEB` (included from the top CMakeLists.txt).
#
#   P/bin/sgmcmc-lab
#   P/share/sgmcmc-lab/{assets,shaders}/          found from the binary's own location
#                                                 (<exe dir>/../share/sgmcmc-lab), never the
#                                                 source tree or the current directory
#   P/share/applications/sgmcmc-lab.desktop       Exec=sgmcmc-lab gui %f
#   P/share/icons/hicolor/{scalable,NxN}/apps/    drawn at build time by packaging/make_icon.py
#   P/share/mime/packages/sgmcmc-lab.xml          application/x-sgmcmc-lab-session (*-session.json)
#   P/share/doc/sgmcmc-lab/                       README.md, CHANGELOG.md, docs/
include(GNUInstallDirs)

# `cpack` (and `make install`) would otherwise build the `all` target first: every test and
# benchmark, minutes on a small machine, for a package that holds one program. Build first
# (`cmake --build build`, or `--target sgmcmc-lab sgl_icons`), then install or package.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY TRUE)

set(SGL_ICON_SIZES 48 64 128 256)
set(SGL_ICON_DIR ${CMAKE_BINARY_DIR}/icons)
set(SGL_ICON_OUTPUTS ${SGL_ICON_DIR}/sgmcmc-lab.svg)
foreach(size IN LISTS SGL_ICON_SIZES)
  list(APPEND SGL_ICON_OUTPUTS ${SGL_ICON_DIR}/${size}/sgmcmc-lab.png)
endforeach()
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_custom_command(
  OUTPUT ${SGL_ICON_OUTPUTS}
  COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/packaging/make_icon.py ${SGL_ICON_DIR}
          ${SGL_ICON_SIZES}
  DEPENDS ${CMAKE_SOURCE_DIR}/packaging/make_icon.py
  COMMENT "Drawing the icon (SVG and PNG ${SGL_ICON_SIZES})")
add_custom_target(sgl_icons ALL DEPENDS ${SGL_ICON_OUTPUTS})

set(SGL_DATA_DIR ${CMAKE_INSTALL_DATADIR}/sgmcmc-lab)
install(TARGETS sgmcmc-lab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/assets/ DESTINATION ${SGL_DATA_DIR}/assets)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/shaders/ DESTINATION ${SGL_DATA_DIR}/shaders)
install(FILES ${CMAKE_SOURCE_DIR}/packaging/sgmcmc-lab.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${CMAKE_SOURCE_DIR}/packaging/sgmcmc-lab-mime.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME sgmcmc-lab.xml)
install(FILES ${SGL_ICON_DIR}/sgmcmc-lab.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
foreach(size IN LISTS SGL_ICON_SIZES)
  install(FILES ${SGL_ICON_DIR}/${size}/sgmcmc-lab.png
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/CHANGELOG.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/sgmcmc-lab)
# The README's links point into docs/ (pages, screenshots, gallery): the same tree beside it.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/sgmcmc-lab)

# ---------------------------------------------------------------- the Debian package
set(CPACK_PACKAGE_NAME sgmcmc-lab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "sgmcmc-lab")
set(CPACK_PACKAGE_CONTACT "sgmcmc-lab maintainers <sgmcmc-lab@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "desktop laboratory for stochastic-gradient MCMC samplers")
set(CPACK_PACKAGE_DESCRIPTION
    "Runs exact and stochastic-gradient MCMC samplers (HMC, NUTS, SGHMC, SGLD, ...) side by side\n"
    "on densities with a known truth or on Bayesian regressions of your own data, and shows\n"
    "what each costs and how close it gets. Includes the headless command line (sgmcmc-lab run).")
set(CPACK_PACKAGE_INSTALL_DIRECTORY sgmcmc-lab)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # sgmcmc-lab_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The shared libraries the binary links (glfw, giflib, ...) become Depends through
# dpkg-shlibdeps; what it cannot see is listed by hand: OpenGL is loaded at run time (glad, GLFW),
# and the UI font is read from fonts-dejavu-core's path.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgl1, fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils")
include(CPack)
