//! `cargo xtask regen | regen-slow | regen-static | regen-atlas [--table] | certificates [--all | --large NAME | --check-slow] | check | check-atlas [SECONDS] | bench [--quick | --page] | cluster | kernels | fuzz [SECONDS] | man | web [--check]`.

use std::process::ExitCode;

use xtask::scope::Scope;
use xtask::{
    atlas, bench, certificates, cluster, fuzz, kernels, man, static_sets, trees, web,
    workspace_root,
};

const USAGE: &str =
    "usage: cargo xtask <regen | regen-slow | regen-static | regen-atlas [--table] | certificates [--all | --large NAME | --check-slow] | check | check-atlas [SECONDS] | bench [--quick | --page] | cluster | kernels | fuzz [SECONDS] | man | web [--check]>
  regen         rewrite the committed trees under trees/ (the slow ones' notations only)
  regen-slow    the same, rebuilding the slow trees too (4×9: about 3 minutes)
  regen-static  rewrite the committed static results under trees/static/ (over an hour)
  regen-atlas   compute trees/atlas/ again, reusing what it settled (about three hours from nothing)
  regen-atlas --table  rewrite only the table of trees/atlas/README.md from atlas.json
  certificates  rewrite the committed certificates under trees/certificates/
  certificates --all  prove and check every published optimum into target/certificates/ or $MASTERMIND_CERTIFICATES_DIR (hours; run again, it goes on)
  certificates --large NAME  the same for one large optimum, e.g. optimal-4x8, optimal-5x6
  certificates --check-slow  check the committed certificates too slow for cargo test (4×9 and 5×6: minutes, 4×10: several, 5×7 and consistent-only 5×8: one to two hours each, on two cores)
  check         fail if a committed tree, certificate, static result or atlas figure is stale or does not verify
  check-atlas [SECONDS]  compute again every atlas outcome recorded within SECONDS (default 150: every one the atlas computed; about 12 minutes)
  bench         build release binaries and print the whole-process benchmark table
  bench --quick the same, without the long searches
  bench --page  only the page's table: builds in headless Chromium beside the command's
  cluster       run contrib/slurm on a one-node Slurm started here (installs it; needs root)
  fuzz [SECONDS]  every reader fed mutations of the committed files for SECONDS in all (default 60)
  kernels       the counting kernels against plain references here and on emulated CPUs (installs qemu-user)
  man           write the manual pages (one per subcommand) into target/man/man1/
  web           build the page's WebAssembly module into crates/page/src/assets/ (reproducibly)
  web --check   fail if the module kept there is not the one the sources build";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let root = workspace_root();
    let outcome = match args.as_slice() {
        ["regen"] => trees::regen(&root, false),
        ["regen-slow"] => trees::regen(&root, true),
        ["regen-static"] => static_sets::regen(&root),
        ["regen-atlas"] => atlas::regen(&root),
        ["regen-atlas", "--table"] => atlas::write_table(&root),
        ["certificates"] => certificates::regen(&root),
        ["certificates", "--all"] => certificates::all(&root),
        ["certificates", "--large", name] => certificates::large(&root, name),
        ["certificates", "--check-slow"] => certificates::check_slow(&root),
        ["check"] => trees::check(&root)
            .and_then(|()| certificates::check_committed(&root))
            .and_then(|()| static_sets::check(&root))
            .and_then(|()| atlas::check(&root)),
        ["check-atlas"] => atlas::check_all(&root, atlas::LONGEST_BUDGET),
        ["check-atlas", seconds] => match seconds.parse::<f64>() {
            Ok(budget) if budget >= 0.0 => atlas::check_all(&root, budget),
            _ => Err(anyhow::anyhow!(
                "check-atlas takes a number of seconds, not `{seconds}`"
            )),
        },
        ["bench"] => bench::run(&root, Scope::Full),
        ["bench", "--quick"] => bench::run(&root, Scope::Quick),
        ["bench", "--page"] => xtask::release_binary(&root)
            .and_then(|binary| xtask::page_bench::run(&root, binary.to_str().unwrap_or_default())),
        ["cluster"] => cluster::run(&root),
        ["kernels"] => kernels::run(&root),
        ["fuzz"] => fuzz::run(&root, 60),
        ["fuzz", seconds] => match seconds.parse::<u64>() {
            Ok(seconds) if seconds > 0 => fuzz::run(&root, seconds),
            _ => Err(anyhow::anyhow!(
                "fuzz takes a whole number of seconds, not `{seconds}`"
            )),
        },
        ["web"] => web::run(&root, false),
        ["web", "--check"] => web::run(&root, true),
        ["man"] => man::write(&root).map(|page| println!("wrote {}", page.display())),
        ["measure", "--", command @ ..] if !command.is_empty() => bench::measure_child(command),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
