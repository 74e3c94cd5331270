//! What the CUDA driver does for a kernel, on the host side: the tensor
//! maps it encodes (`cuTensorMapEncodeTiled`, `cuTensorMapEncodeIm2col`)
//! and that bulk tensor copies decode ([`tensor_map`]), the texture and
//! surface objects whose handles `tex`, `suld` and `sust` take
//! ([`texture`]), and the formatting of what a kernel's `printf` left in
//! its buffer ([`printf`]).
//!
//! None runs an instruction: the instruction semantics that read a
//! tensor map (`sem::async_copy`) or a texture descriptor
//! (`sem::texture`) and the module front-end's `vprintf` builtin
//! (`kernel::builtins`) call into here.

pub mod printf;
pub mod tensor_map;
pub mod texture;
