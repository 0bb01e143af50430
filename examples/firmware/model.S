/* The model, a GGUF file, as read-only data in place: 64-byte aligned so its
   tensors (at the file's own alignment) are aligned in memory too. The
   board's linker script puts .fw_model in flash (QSPI ROM on the AN547). */
    .section .fw_model, "a"
    .balign 64
    .global fw_model
    .global fw_model_end
fw_model:
    .incbin FW_MODEL_FILE
fw_model_end:
    .byte 0
    .section .note.GNU-stack, "", %progbits
