//! Which of the kernels' compiled versions this CPU runs: the kernels (here, in the search and
//! in the checker) are compiled for the baseline, AVX2 and AVX-512, and the widest the CPU has
//! is picked at run time, unless `MASTERMIND_VECTOR_UNIT` caps it (`avx2` or `baseline`), so
//! that anyone can time the narrower versions on a machine that has the wider ones, without
//! rebuilding. [`vector_versions!`](crate::vector_versions) compiles a kernel so.

use std::sync::OnceLock;

/// The environment variable that caps the vector unit the kernels use.
pub const VECTOR_UNIT_VARIABLE: &str = "MASTERMIND_VECTOR_UNIT";

/// The vector units the kernels are compiled for, narrowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum VectorUnit {
    /// The target's base instruction set.
    Baseline,
    /// AVX2 (with the bit-count instruction where a kernel asks for it).
    Avx2,
    /// AVX-512: F, BW, VL and DQ or VBMI, as each kernel asks.
    Avx512,
}

impl VectorUnit {
    /// `"AVX-512"`, `"AVX2"` or `"baseline"`.
    pub fn name(self) -> &'static str {
        match self {
            VectorUnit::Baseline => "baseline",
            VectorUnit::Avx2 => "AVX2",
            VectorUnit::Avx512 => "AVX-512",
        }
    }

    /// The cap a value of [`VECTOR_UNIT_VARIABLE`] names, or what the values are.
    pub fn named(value: &str) -> Result<VectorUnit, String> {
        match value.to_ascii_lowercase().as_str() {
            "avx512" | "avx-512" => Ok(VectorUnit::Avx512),
            "avx2" => Ok(VectorUnit::Avx2),
            "baseline" | "none" => Ok(VectorUnit::Baseline),
            _ => Err(format!(
                "{VECTOR_UNIT_VARIABLE}={value} names no vector unit: avx512, avx2 or baseline"
            )),
        }
    }
}

/// The widest vector unit the CPU has.
fn detected() -> VectorUnit {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512dq")
        {
            return VectorUnit::Avx512;
        }
        if std::is_x86_feature_detected!("avx2") {
            return VectorUnit::Avx2;
        }
    }
    VectorUnit::Baseline
}

/// The cap [`VECTOR_UNIT_VARIABLE`] sets, if it is set: an error says what the values are.
pub fn vector_cap() -> Result<Option<VectorUnit>, String> {
    match std::env::var(VECTOR_UNIT_VARIABLE) {
        Ok(value) if !value.is_empty() => VectorUnit::named(&value).map(Some),
        Ok(_) | Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(value)) => Err(format!(
            "{VECTOR_UNIT_VARIABLE}={} names no vector unit: avx512, avx2 or baseline",
            value.to_string_lossy()
        )),
    }
}

/// The vector unit the kernels run: the widest the CPU has, at most the cap (a cap that does
/// not read caps nothing; the command refuses it before it starts).
pub fn vector_unit_in_use() -> VectorUnit {
    static IN_USE: OnceLock<VectorUnit> = OnceLock::new();
    *IN_USE.get_or_init(|| {
        let cap = vector_cap().ok().flatten().unwrap_or(VectorUnit::Avx512);
        detected().min(cap)
    })
}

/// The name of [`vector_unit_in_use`]: `"AVX-512"`, `"AVX2"` or `"baseline"`.
pub fn vector_unit() -> &'static str {
    vector_unit_in_use().name()
}

/// Defines `fn NAME[GENERICS](ARGS) -> RET = PLAIN, "AVX-512 TARGET", "AVX2 TARGET";`: a
/// kernel that runs `PLAIN` (an `#[inline(always)]` function with the same arguments)
/// compiled for the vector unit in use, AVX-512 or AVX2 (each as the multiversion target
/// given, so the CPU must have it too) or the baseline. Type parameters the arguments do not
/// fix are named after the generics: `fn short[M: Marks]::<M>(…)`.
#[macro_export]
macro_rules! vector_versions {
    (
        $(#[$attribute:meta])*
        $visibility:vis fn $name:ident [$($generics:tt)*] $(::<$($named:ty),*>)?
            ($($argument:ident: $type:ty),* $(,)?)
            $(-> $returned:ty)? = $plain:ident, $avx512:literal, $avx2:literal;
    ) => {
        $(#[$attribute])*
        $visibility fn $name<$($generics)*>($($argument: $type),*) $(-> $returned)? {
            #[$crate::multiversion::multiversion(targets($avx512))]
            fn wide<$($generics)*>($($argument: $type),*) $(-> $returned)? {
                $plain$(::<$($named),*>)?($($argument),*)
            }
            #[$crate::multiversion::multiversion(targets($avx2))]
            fn narrow<$($generics)*>($($argument: $type),*) $(-> $returned)? {
                $plain$(::<$($named),*>)?($($argument),*)
            }
            match $crate::vector_unit_in_use() {
                $crate::VectorUnit::Avx512 => wide$(::<$($named),*>)?($($argument),*),
                $crate::VectorUnit::Avx2 => narrow$(::<$($named),*>)?($($argument),*),
                $crate::VectorUnit::Baseline => $plain$(::<$($named),*>)?($($argument),*),
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_read_their_names_and_refuse_others() {
        assert_eq!(VectorUnit::named("AVX2"), Ok(VectorUnit::Avx2));
        assert_eq!(VectorUnit::named("avx-512"), Ok(VectorUnit::Avx512));
        assert_eq!(VectorUnit::named("baseline"), Ok(VectorUnit::Baseline));
        let refused = VectorUnit::named("sse9").unwrap_err();
        assert!(refused.contains("avx512, avx2 or baseline"), "{refused}");
        assert!(vector_unit_in_use() <= detected());
    }
}
