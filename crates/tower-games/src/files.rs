//! Writing output files that others watch: game records, SVG pictures, certificates and
//! generated documents.
//!
//! [`replace_file`] is the one way the workspace's tools write such a file. Replacing a file
//! by a rename is what keeps a reader (an image viewer, a browser, another `towers replay`)
//! from ever seeing half of it, but a plain rename over the path given breaks three things a
//! user may have put there: a symbolic link (replaced by a file, its target never updated),
//! a device or a FIFO (replaced by a file: as root, `--svg /dev/null` would replace the
//! machine's `/dev/null`), and a neighbour named like the temporary (`PATH.part`, clobbered).
//! So links are followed to the file they name, anything that is not a regular file is written
//! through as it is, and the temporary gets a name no other file has.
//!
//! ```
//! # let dir = std::env::temp_dir().join(format!("files-doc-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir)?;
//! let path = dir.join("view.svg");
//! tower_games::files::replace_file(&path, b"<svg/>")?;
//! assert_eq!(std::fs::read(&path)?, b"<svg/>");
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), std::io::Error>(())
//! ```

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Links followed at most, as Linux's `ELOOP` limit: a loop of links is an error, not a hang.
const MAX_LINKS: usize = 40;

/// Temporary names tried at most before giving up (each is new unless a file of that name
/// was left by another process).
const MAX_ATTEMPTS: u32 = 100;

/// Names longer than this are left out of the temporary's name, which must fit the file
/// system's limit on a name (255 bytes on most).
const MAX_NAME_IN_TEMPORARY: usize = 128;

/// Tells temporaries of one process apart.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Writes `contents` to `path` so that a reader sees either the old file or the new one,
/// never a mix, and what stands at `path` keeps its kind:
///
/// - a regular file (or nothing) is replaced by a rename from a temporary in the same
///   directory, named `.NAME.PID-N.tmp` and created only if no file has that name; the old
///   file's permissions are kept;
/// - a symbolic link is followed (also a dangling one, whose target is created): the file it
///   names is replaced as above and the link stays;
/// - a device, a FIFO or a socket is opened and written through, as a shell's `>` does;
/// - a directory is refused.
///
/// # Errors
/// What the file system says: a missing directory, no permission, a full disk, a loop of
/// links, a path that names no file (`/`, `..`). No temporary is left behind on error.
pub fn replace_file(path: &Path, contents: &[u8]) -> io::Result<()> {
    let target = follow_links(path)?;
    match fs::metadata(&target) {
        Ok(meta) if meta.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory",
        )),
        Ok(meta) if !meta.is_file() => OpenOptions::new()
            .write(true)
            .open(&target)?
            .write_all(contents),
        Ok(meta) => replace(&target, contents, Some(meta.permissions())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => replace(&target, contents, None),
        Err(e) => Err(e),
    }
}

/// The path `path`'s chain of symbolic links ends at (itself when it is no link), which may
/// not exist yet.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                // A relative link is relative to the directory holding it.
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            Ok(_) => return Ok(current),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("more than {MAX_LINKS} symbolic links in a chain"),
    ))
}

/// Replaces the regular file (or nothing) at `target` through a new temporary beside it.
fn replace(target: &Path, contents: &[u8], permissions: Option<fs::Permissions>) -> io::Result<()> {
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let (temporary, file) = create_temporary(dir, name)?;
    let written =
        write_and_close(file, contents, permissions).and_then(|()| fs::rename(&temporary, target));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

fn write_and_close(
    mut file: File,
    contents: &[u8],
    permissions: Option<fs::Permissions>,
) -> io::Result<()> {
    file.write_all(contents)?;
    if let Some(permissions) = permissions {
        file.set_permissions(permissions)?;
    }
    // On disk before the rename: a crash then leaves the old file or the whole new one.
    file.sync_all()
}

/// A new file in `dir` named after `name`, the process and a counter; never one that exists.
fn create_temporary(dir: &Path, name: &std::ffi::OsStr) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    let mut last = None;
    for _ in 0..MAX_ATTEMPTS {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut file_name = OsString::from(".");
        if name.len() <= MAX_NAME_IN_TEMPORARY {
            file_name.push(name);
            file_name.push(".");
        }
        file_name.push(format!("{pid}-{n}.tmp"));
        let path = dir.join(file_name);
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory for one test.
    fn scratch(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tower-games-files-{}-{test}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn creates_and_replaces_leaving_no_temporary() {
        let dir = scratch("plain");
        let path = dir.join("a.json");
        replace_file(&path, b"one").unwrap();
        replace_file(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(names(&dir), ["a.json"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn neighbours_named_like_a_temporary_are_left_alone() {
        let dir = scratch("neighbours");
        let path = dir.join("view.svg");
        fs::write(dir.join("view.svg.part"), "keep").unwrap();
        let own = format!(".view.svg.{}-0.tmp", std::process::id());
        fs::write(dir.join(&own), "keep too").unwrap();
        for _ in 0..3 {
            replace_file(&path, b"<svg/>").unwrap();
        }
        assert_eq!(
            fs::read_to_string(dir.join("view.svg.part")).unwrap(),
            "keep"
        );
        assert_eq!(fs::read_to_string(dir.join(&own)).unwrap(), "keep too");
        assert_eq!(names(&dir), [own.as_str(), "view.svg", "view.svg.part"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_and_stay_links() {
        use std::os::unix::fs::symlink;
        let dir = scratch("links");
        fs::create_dir(dir.join("sub")).unwrap();
        fs::write(dir.join("sub/real.svg"), "old").unwrap();
        // A relative link in another directory, and a link to that link.
        symlink("sub/real.svg", dir.join("view.svg")).unwrap();
        symlink(dir.join("view.svg"), dir.join("again.svg")).unwrap();
        replace_file(&dir.join("again.svg"), b"new").unwrap();
        assert_eq!(fs::read_to_string(dir.join("sub/real.svg")).unwrap(), "new");
        for link in ["view.svg", "again.svg"] {
            let meta = fs::symlink_metadata(dir.join(link)).unwrap();
            assert!(meta.file_type().is_symlink(), "{link}");
        }
        // A dangling link gets its target.
        symlink("made.json", dir.join("dangling.json")).unwrap();
        replace_file(&dir.join("dangling.json"), b"{}").unwrap();
        assert_eq!(fs::read_to_string(dir.join("made.json")).unwrap(), "{}");
        // A loop is an error, not a hang, and leaves nothing behind.
        symlink("loop-b", dir.join("loop-a")).unwrap();
        symlink("loop-a", dir.join("loop-b")).unwrap();
        assert!(replace_file(&dir.join("loop-a"), b"x").is_err());
        assert_eq!(
            names(&dir),
            [
                "again.svg",
                "dangling.json",
                "loop-a",
                "loop-b",
                "made.json",
                "sub",
                "view.svg"
            ]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_written_through_and_stays_a_fifo() {
        use std::os::unix::fs::FileTypeExt;
        let dir = scratch("fifo");
        let fifo = dir.join("watch.svg");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        replace_file(&fifo, b"through the pipe").unwrap();
        // Checked before waiting for the reader, which a replaced FIFO would leave blocked.
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert_eq!(names(&dir), ["watch.svg"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let path = dir.join("private.json");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        replace_file(&path, b"new").unwrap();
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o600
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn directories_and_missing_directories_are_refused() {
        let dir = scratch("refused");
        let error = replace_file(&dir, b"x").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::IsADirectory);
        let error = replace_file(&dir.join("no/such/dir/f.json"), b"x").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        assert!(names(&dir).is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn long_names_get_a_short_temporary() {
        let dir = scratch("long");
        let path = dir.join("n".repeat(250));
        replace_file(&path, b"x").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"x");
        fs::remove_dir_all(&dir).unwrap();
    }
}
