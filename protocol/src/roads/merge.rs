//! `tinman roads merge`: joins the results files of a survey's shards into one, sorted by
//! road. Files of different settings, a road in two files and cut files are refused.

use super::results::{self, RoadResult};
use std::io::Write;
use std::path::{Path, PathBuf};

pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let (mut inputs, mut output) = (Vec::new(), None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "-o" | "--output" => output = Some(PathBuf::from(it.next().ok_or("-o needs a value")?)),
            other if other.starts_with('-') => {
                return Err(format!(
                    "roads merge: unknown option '{other}' (tinman roads --help shows the usage)"
                ))
            }
            file => inputs.push(PathBuf::from(file)),
        }
    }
    let output = output.ok_or("roads merge needs -o FILE")?;
    if inputs.is_empty() {
        return Err("roads merge needs results files to join".into());
    }
    if output.exists() {
        return Err(format!("{} exists; roads merge writes a new file", output.display()));
    }
    let mut all: Vec<(RoadResult, &Path)> = Vec::new();
    for path in &inputs {
        for r in results::read_whole(path)? {
            if let Some((first, from)) = all.first() {
                if first.settings != r.settings {
                    return Err(format!(
                        "{} and {} hold results of different settings ({} and {})",
                        from.display(),
                        path.display(),
                        first.settings.describe(),
                        r.settings.describe()
                    ));
                }
            }
            if let Some((_, from)) = all.iter().find(|(a, _)| a.road == r.road) {
                return Err(format!(
                    "road {} is in both {} and {}",
                    r.road.text(),
                    from.display(),
                    path.display()
                ));
            }
            all.push((r, path));
        }
    }
    all.sort_by(|a, b| a.0.road.cmp(&b.0.road));
    let text: String = all.iter().map(|(r, _)| r.line()).collect();
    results::write_new(&output, &text)?;
    writeln!(out, "roads merge: {} roads from {} files into {}", all.len(), inputs.len(), output.display())
        .map_err(|e| e.to_string())
}
