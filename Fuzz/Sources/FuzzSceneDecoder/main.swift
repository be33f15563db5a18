#if canImport(Glibc)
import Glibc
#endif
import FuzzDriver

exit(runLibFuzzer { data, size in LLVMFuzzerTestOneInput(data, size) })
