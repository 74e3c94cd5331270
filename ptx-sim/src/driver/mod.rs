//! What the CUDA driver does for a kernel, on the host side: the tensor
//! maps it encodes (`cuTensorMapEncodeTiled`, `cuTensorMapEncodeIm2col`)
//! and that bulk tensor copies decode ([`tensor_map`]), and the formatting
//! of what a kernel's `printf` left in its buffer ([`printf`]).
//!
//! Neither runs an instruction: the instruction semantics that read a
//! tensor map (`sem::async_copy`) and the module front-end's `vprintf`
//! builtin (`kernel::builtins`) call into here.

pub mod printf;
pub mod tensor_map;
