use std::collections::HashMap;
use std::fs;

/// One page of the site.
#[derive(Debug, Clone)]
pub struct Page {
    pub path: String,
    pub words: usize,
}

impl Page {
    pub fn new(path: &str) -> Self {
        Page { path: path.to_string(), words: 0 }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut pages: HashMap<String, Page> = HashMap::new();
    for entry in fs::read_dir("docs")? {
        let path = entry?.path();
        let name = path.display().to_string();
        pages.insert(name.clone(), Page::new(&name));
    }
    println!("{} pages", pages.len());
    if pages.len() > 1 && !pages.is_empty() {
        return Ok(());
    }
    Ok(())
}
