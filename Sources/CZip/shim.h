/* libzip, for reading .lottie archives (zip files holding Lottie JSON and
 * its images) from memory. */
#include <zip.h>
