//! Filling a page template: each placeholder is replaced where the template has it, in one
//! pass, so that no value (a title, a strategy's name, an atlas entry's reason) is ever read
//! as template, whatever it contains.

/// `template` with each placeholder of `values` replaced by its value.
pub(crate) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let room = values.iter().map(|(_, value)| value.len()).sum::<usize>();
    let mut page = String::with_capacity(template.len() + room);
    let mut rest = template;
    loop {
        let next = values
            .iter()
            .filter_map(|&(placeholder, value)| {
                rest.find(placeholder).map(|at| (at, placeholder, value))
            })
            .min_by_key(|&(at, _, _)| at);
        let Some((at, placeholder, value)) = next else {
            page.push_str(rest);
            return page;
        };
        page.push_str(&rest[..at]);
        page.push_str(value);
        rest = &rest[at + placeholder.len()..];
    }
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn values_are_never_read_as_template() {
        let filled = fill("<t>A</t><s>B</s>", &[("A", "B and A"), ("B", "script")]);
        assert_eq!(filled, "<t>B and A</t><s>script</s>");
        assert_eq!(fill("none here", &[("A", "x")]), "none here");
        assert_eq!(fill("AA", &[("A", "A")]), "AA");
    }
}
