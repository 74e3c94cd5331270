//! The `ptx!` statements a closure launch's CTA ran, numbered as the
//! sites its observer's events name ([`crate::observe`]).

use crate::observe::Site;
use std::collections::HashMap;
use std::panic::Location;

/// A `ptx!` statement's text and the Rust source line of its call.
pub(crate) type StatementSite = (&'static str, &'static Location<'static>);

/// The statements a CTA ran, each a statement's text and the Rust line of
/// its call, by site number.
#[derive(Default)]
pub(crate) struct Sites {
    list: Vec<StatementSite>,
    numbers: HashMap<(usize, usize), u32>,
}

impl Sites {
    /// The number of statement `site` (`None`: one no expansion named),
    /// given it the first time.
    pub(crate) fn id(&mut self, site: Option<StatementSite>) -> u32 {
        let Some(site) = site else {
            return u32::MAX - 1;
        };
        let key = (
            site.0.as_ptr() as usize,
            std::ptr::from_ref(site.1) as usize,
        );
        let next = self.list.len() as u32;
        *self.numbers.entry(key).or_insert_with(|| {
            self.list.push(site);
            next
        })
    }

    /// The statement of site number `id`.
    pub(crate) fn get(&self, id: u32) -> Site {
        match self.list.get(id as usize) {
            Some(&(text, location)) => (Some(text.to_string()), Some(location)),
            None => (None, None),
        }
    }
}
