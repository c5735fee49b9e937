# cmake/Warnings.cmake - turn on each warning the compiler supports.
include(CheckCCompilerFlag)
foreach(_flag -Wall -Wextra -Wpedantic -Wshadow -Wmissing-prototypes
    -Wstrict-prototypes -Wundef -Wvla -Wno-unused-parameter)
  string(MAKE_C_IDENTIFIER "HAVE_WARNING${_flag}" _var)
  check_c_compiler_flag(${_flag} ${_var})
  if(${_var})
    add_compile_options(${_flag})
  endif()
endforeach()
