//! Reading JSON Lines record files, plain or gzipped.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// Reads every JSON object of a `.jsonl` or `.jsonl.gz` file.
///
/// Returns an error naming the file and line for unreadable files or lines
/// that are not JSON.
pub fn read_jsonl(path: &Path) -> Result<Vec<serde_json::Value>, String> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let reader: Box<dyn Read> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(flate2::read::GzDecoder::new(file))
    } else {
        Box::new(file)
    };
    let mut out = Vec::new();
    for (n, line) in BufReader::new(reader).lines().enumerate() {
        let line = line.map_err(|e| format!("{}: line {}: {e}", path.display(), n + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let value = serde_json::from_str(&line)
            .map_err(|e| format!("{}: line {}: {e}", path.display(), n + 1))?;
        out.push(value);
    }
    Ok(out)
}
