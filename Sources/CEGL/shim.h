/* EGL, OpenGL ES 3 and GBM declarations for Swift. Extension entry points are
   not exported by glvnd; they are loaded through eglGetProcAddress, so no
   *_PROTOTYPES macros are defined here. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl32.h>
#include <GLES2/gl2ext.h>
#include <gbm.h>
#include <fcntl.h>
#include <unistd.h>
