//! Reading JSON Lines record files, plain or gzipped.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// Why a record file could not be read: each names the file, and the line
/// where there is one.
#[derive(Debug, thiserror::Error)]
pub enum RecordsError {
    /// The file could not be opened.
    #[error("{}: {source}", .path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line could not be read (an I/O error, broken gzip, not UTF-8).
    #[error("{}: line {line}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not JSON.
    #[error("{}: line {line}: {source}", .path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// Why.
        source: serde_json::Error,
    },
}

/// Reads every JSON object of a `.jsonl` or `.jsonl.gz` file.
///
/// Returns an error naming the file and line for unreadable files or lines
/// that are not JSON.
pub fn read_jsonl(path: &Path) -> Result<Vec<serde_json::Value>, RecordsError> {
    let file = File::open(path).map_err(|source| RecordsError::Open {
        path: path.to_path_buf(),
        source,
    })?;
    let reader: Box<dyn Read> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(flate2::read::GzDecoder::new(file))
    } else {
        Box::new(file)
    };
    let mut out = Vec::new();
    for (n, line) in BufReader::new(reader).lines().enumerate() {
        let line = line.map_err(|source| RecordsError::Read {
            path: path.to_path_buf(),
            line: n + 1,
            source,
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let value = serde_json::from_str(&line).map_err(|source| RecordsError::Json {
            path: path.to_path_buf(),
            line: n + 1,
            source,
        })?;
        out.push(value);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{RecordsError, read_jsonl};

    /// A line that is not JSON is named by its file and its line (2: the
    /// first line is a good record).
    #[test]
    fn a_bad_line_names_its_file_and_line() {
        let path = std::env::temp_dir().join(format!("records-{}.jsonl", std::process::id()));
        std::fs::write(&path, "{\"a\": 1}\nnot json\n").unwrap();
        let got = read_jsonl(&path);
        std::fs::remove_file(&path).unwrap();
        match got {
            Err(e @ RecordsError::Json { line: 2, .. }) => {
                assert!(
                    e.to_string()
                        .starts_with(&format!("{}: line 2: ", path.display()))
                )
            }
            other => panic!("{other:?}"),
        }
    }

    /// A file that is not there is an `Open` error, not a panic.
    #[test]
    fn a_missing_file_is_an_open_error() {
        let got = read_jsonl(std::path::Path::new("/nonexistent/records.jsonl"));
        assert!(matches!(got, Err(RecordsError::Open { .. })), "{got:?}");
    }
}
