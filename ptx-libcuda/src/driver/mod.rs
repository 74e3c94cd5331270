//! The driver API (`libcuda.so.1`): the entry points, each a thin C
//! wrapper over a Rust function that the runtime part calls too.

pub mod array;
pub mod capture;
pub mod context;
pub mod error;
pub mod event;
pub mod export_table;
pub mod graph;
pub mod host;
pub mod init;
pub mod integrity;
pub mod launch;
pub mod limit;
pub mod link;
pub mod memory;
pub mod module;
pub mod not_implemented;
pub mod pitched;
pub mod proc_address;
pub mod stream;
pub mod tensor_map;
