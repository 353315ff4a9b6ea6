//! Which of the kernels' compiled versions this CPU runs: the kernels (here and in the search)
//! are compiled for the baseline, AVX2 and AVX-512 (F, BW, VL and DQ), and the widest the CPU
//! has is picked at run time. Said by the kernels' tests and benchmarks, so that a log shows
//! which versions ran.

/// `"AVX-512"`, `"AVX2"` or `"baseline"`.
pub fn vector_unit() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512dq")
        {
            return "AVX-512";
        }
        if std::is_x86_feature_detected!("avx2") {
            return "AVX2";
        }
    }
    "baseline"
}
