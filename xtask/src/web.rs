//! `cargo xtask web [--serve] [--port P]`: builds the browser playground into `web/dist` —
//! `crates/towers-web` compiled to WebAssembly (profile `wasm`), its JavaScript bindings made
//! by `wasm-bindgen`, the page from `web/src` and the rule books as HTML pages under `rules/`
//! (from the same sources as `docs/rules/`) — and, with `--serve`, serves it on 127.0.0.1.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

use crate::tools::{self, cargo};

pub(crate) fn run(serve: bool, port: u16) -> Result<(), String> {
    build("wasm")?;
    if serve {
        serve_dist(port)?;
    }
    Ok(())
}

/// Builds `web/dist` with the cargo `profile` (`wasm`: small and fast).
pub(crate) fn build(profile: &str) -> Result<(), String> {
    tools::ensure_wasm_tools()?;
    let root = xtask::workspace_root();
    compile(profile, tools::Output::Terminal, false)?;
    let dist = root.join("web/dist");
    if dist.exists() {
        std::fs::remove_dir_all(&dist).map_err(|e| format!("{}: {e}", dist.display()))?;
    }
    std::fs::create_dir_all(dist.join("pkg")).map_err(|e| e.to_string())?;
    let wasm = tools::target_dir()
        .join("wasm32-unknown-unknown")
        .join(profile)
        .join("towers_web.wasm");
    tools::run(
        "wasm-bindgen",
        &[
            "--target",
            "web",
            "--no-typescript",
            "--out-dir",
            &dist.join("pkg").to_string_lossy(),
            &wasm.to_string_lossy(),
        ],
    )?;
    let src = root.join("web/src");
    for entry in std::fs::read_dir(&src).map_err(|e| format!("{}: {e}", src.display()))? {
        let entry = entry.map_err(|e| e.to_string())?;
        let to = dist.join(entry.file_name());
        std::fs::copy(entry.path(), &to).map_err(|e| format!("{}: {e}", to.display()))?;
    }
    for (path, content) in xtask::rule_book_pages()? {
        let to = dist.join(path);
        if let Some(dir) = to.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&to, content).map_err(|e| format!("{}: {e}", to.display()))?;
    }
    let size = std::fs::metadata(dist.join("pkg/towers_web_bg.wasm"))
        .map(|m| m.len())
        .unwrap_or(0);
    println!(
        "xtask: built web/dist ({:.0} KiB of WebAssembly)",
        size as f64 / 1024.0
    );
    Ok(())
}

/// Compiles the WebAssembly of `web/dist` with the cargo `profile` (the wasm32 target must be
/// installed), its progress going to `output`. `beside` compiles at the lowest CPU priority,
/// for CI, which compiles it while the tests run so that it takes only the CPU they leave
/// idle; [`build`] then finds it fresh.
pub(crate) fn compile(
    profile: &str,
    output: tools::Output<'_>,
    beside: bool,
) -> Result<(), String> {
    let root = xtask::workspace_root();
    let cargo = cargo();
    let args = [
        "build",
        "--locked",
        "--profile",
        profile,
        "-p",
        "towers-web",
        "--target",
        "wasm32-unknown-unknown",
    ];
    if beside && tools::works("nice", &["true"]) {
        let mut niced = vec!["-n", "19", cargo.as_str()];
        niced.extend(args);
        tools::run_to(&root, "nice", &niced, &[], output)
    } else {
        tools::run_to(&root, &cargo, &args, &[], output)
    }
}

/// Serves `web/dist` on 127.0.0.1 until interrupted.
fn serve_dist(port: u16) -> Result<(), String> {
    let dist = xtask::workspace_root().join("web/dist");
    let listener =
        TcpListener::bind(("127.0.0.1", port)).map_err(|e| format!("cannot listen: {e}"))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    println!("xtask: serving the playground at http://{address}/ (Ctrl-C stops)");
    for stream in listener.incoming().flatten() {
        let dist = dist.clone();
        std::thread::spawn(move || {
            let _ = answer(stream, &dist);
        });
    }
    Ok(())
}

/// Answers one HTTP GET with a file of `dist` (index.html for `/`), or 404.
fn answer(mut stream: TcpStream, dist: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    let mut line = String::new();
    while reader.read_line(&mut line)? > 2 {
        line.clear();
    }
    let target = request.split_whitespace().nth(1).unwrap_or("/");
    let target = target.split(['?', '#']).next().unwrap_or("/");
    let file = match safe_path(dist, target) {
        Some(path) if path.is_file() => path,
        _ => {
            return stream.write_all(
                b"HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found",
            );
        }
    };
    let body = std::fs::read(&file)?;
    let header = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        content_type(&file),
        body.len()
    );
    stream.write_all(header.as_bytes())?;
    stream.write_all(&body)
}

/// The file under `dist` a URL path names, refusing anything that climbs out of it.
fn safe_path(dist: &Path, target: &str) -> Option<PathBuf> {
    let relative = target.trim_start_matches('/');
    let relative = if relative.is_empty() {
        "index.html"
    } else {
        relative
    };
    let path = Path::new(relative);
    if path
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    Some(dist.join(path))
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_dist() {
        let dist = Path::new("/srv/dist");
        assert_eq!(safe_path(dist, "/"), Some(dist.join("index.html")));
        assert_eq!(safe_path(dist, "/pkg/a.js"), Some(dist.join("pkg/a.js")));
        assert_eq!(safe_path(dist, "/../etc/passwd"), None);
        assert_eq!(safe_path(dist, "/a/../../b"), None);
        assert_eq!(content_type(Path::new("x.wasm")), "application/wasm");
    }
}
