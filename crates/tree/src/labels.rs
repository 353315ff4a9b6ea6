//! The labels of an optimal strategy, read strictly from a tree file's `strategy.parameters`:
//! what they claim decides what a certificate must prove, so a label of the wrong type is an
//! error, never a label left out.

use serde_json::Value;

use crate::StrategyInfo;

/// What an optimal strategy's parameters say of the class it is optimal in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptimumLabels {
    /// `consistent_only`: only candidates are guessed.
    pub consistent_only: bool,
    /// `max_guesses`: the most guesses any code may need.
    pub max_guesses: Option<u64>,
    /// `minimize: "worst"`: the least worst case first (`"total"` or absent: the least total).
    pub minimize_worst: bool,
    /// `opening`: the first guess, fixed in advance.
    pub opening: Option<String>,
}

impl StrategyInfo {
    /// The optimum labels of the parameters, or which one has a value of the wrong kind.
    pub fn optimum_labels(&self) -> Result<OptimumLabels, String> {
        let parameter = |key: &str| self.parameters.get(key);
        let wrong = |key: &str, expected: &str| {
            format!(
                "the strategy's parameter `{key}` is {}, not {expected}",
                parameter(key).map_or_else(String::new, Value::to_string)
            )
        };
        let consistent_only = match parameter("consistent_only") {
            None => false,
            Some(Value::Bool(value)) => *value,
            Some(_) => return Err(wrong("consistent_only", "true or false")),
        };
        let max_guesses = match parameter("max_guesses") {
            None => None,
            Some(value) => match value.as_u64().filter(|&cap| (1..=255).contains(&cap)) {
                Some(cap) => Some(cap),
                None => return Err(wrong("max_guesses", "a whole number from 1 to 255")),
            },
        };
        let minimize_worst = match parameter("minimize").map(|value| value.as_str()) {
            None | Some(Some("total")) => false,
            Some(Some("worst")) => true,
            Some(_) => return Err(wrong("minimize", "\"total\" or \"worst\"")),
        };
        let opening = match parameter("opening") {
            None => None,
            Some(Value::String(opening)) => Some(opening.clone()),
            Some(_) => return Err(wrong("opening", "a code")),
        };
        Ok(OptimumLabels {
            consistent_only,
            max_guesses,
            minimize_worst,
            opening,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn labels(parameters: Value) -> Result<OptimumLabels, String> {
        let mut strategy = StrategyInfo::named("optimal");
        strategy.parameters = serde_json::from_value(parameters).unwrap();
        strategy.optimum_labels()
    }

    #[test]
    fn labels_of_the_right_kind_are_read() {
        assert_eq!(labels(json!({})), Ok(OptimumLabels::default()));
        let read = labels(
            json!({"consistent_only": true, "max_guesses": 5, "minimize": "worst",
            "opening": "1123"}),
        )
        .unwrap();
        assert!(read.consistent_only && read.minimize_worst);
        assert_eq!(read.max_guesses, Some(5));
        assert_eq!(read.opening.as_deref(), Some("1123"));
        assert!(!labels(json!({"minimize": "total"})).unwrap().minimize_worst);
    }

    #[test]
    fn labels_of_the_wrong_kind_are_errors() {
        for (parameters, named) in [
            (json!({"max_guesses": "4"}), "`max_guesses` is \"4\""),
            (json!({"max_guesses": 0}), "`max_guesses` is 0"),
            (json!({"max_guesses": 4.5}), "`max_guesses` is 4.5"),
            (json!({"minimize": "average"}), "`minimize` is \"average\""),
            (json!({"minimize": 1}), "`minimize` is 1"),
            (
                json!({"consistent_only": "yes"}),
                "`consistent_only` is \"yes\"",
            ),
            (json!({"opening": 1123}), "`opening` is 1123"),
        ] {
            let error = labels(parameters).unwrap_err();
            assert!(error.contains(named), "{error}");
        }
    }
}
