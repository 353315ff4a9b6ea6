//! A real headless Chromium driven through WebDriver: finds `chromium` and `chromedriver`,
//! starts the driver on a free port of this machine, opens a session, and stops them both
//! when dropped. Without them the browser tests are skipped, and say so on the terminal,
//! except under CI, which installs them and must never skip.

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

/// A browser session and the driver process behind it.
pub struct Browser {
    pub client: Client,
    driver: Child,
}

/// The first of `names` found on the PATH.
fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|directory| directory.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// Starts Chromium under chromedriver, or returns `None` after saying the tests are skipped.
pub async fn start() -> Option<Browser> {
    let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"]);
    let chromedriver = find_program(&["chromedriver"]);
    let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
        let message = "browser tests SKIPPED: chromium and chromedriver are not installed.\n    \
             To run them: apt-get install chromium chromium-driver (as .ci/run does), then \
             cargo test --workspace browser";
        assert!(
            std::env::var_os("CI").is_none(),
            "{message}\n    CI is set, and CI must run them."
        );
        // Straight to the terminal: the test harness captures only the print macros.
        let _ = writeln!(std::io::stderr(), "\n*** {message}\n");
        return None;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free local port")
        .port();
    let mut command = Command::new(chromedriver);
    command
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // Its own process group, so that the browsers it starts go when it is stopped.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let driver = command.spawn().expect("chromedriver starts");
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "chromedriver did not listen on port {port} within 30 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1000,1100"],
        }),
    );
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("chromedriver opens a Chromium session");
    Some(Browser { client, driver })
}

impl Drop for Browser {
    fn drop(&mut self) {
        // The driver's whole process group, browsers included. (A signal call rather than the
        // `kill` program: some versions of it misread a negative process group.)
        if let Ok(group) = i32::try_from(self.driver.id()) {
            let _ = nix::sys::signal::killpg(
                nix::unistd::Pid::from_raw(group),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
