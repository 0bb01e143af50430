/* config.json text -> wm_config_parse. A parsed config is usable: every
   size the forward pass divides by or indexes with is in range. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wm_config c;
    wm_error e;
    size_t bytes;
    int l, attn = 0, ssd = 0;
    wm_status st = wm_config_parse(&c, (const char *)data, size, &e);
    if (st != WM_OK) {
        FUZZ_CHECK(st < 0 && e.status == st && e.message[0]);
        return 0;
    }
    FUZZ_CHECK(c.n_layers >= 1 && c.n_layers <= WM_MAX_LAYERS && c.hidden_size >= 1 && c.vocab_size >= 1);
    FUZZ_CHECK(c.norm_eps >= 0.0f && c.rope_theta > 0.0 && c.rope_factor > 0.0);
    for (l = 0; l < c.n_layers; l++) {
        attn |= c.layer_seq[l] == WM_SEQ_ATTN || c.layer_seq[l] == WM_SEQ_DOGE_ATTN;
        ssd |= c.layer_seq[l] == WM_SEQ_SSD || c.layer_seq[l] == WM_SEQ_MAMBA2;
        if (c.layer_state[l] == WM_STATE_CDMOE)
            FUZZ_CHECK(c.cdmoe_heads >= 1 && c.cdmoe_topk >= 1 && c.cdmoe_topk * c.cdmoe_topk <= c.cdmoe_experts &&
                       c.cdmoe_retrieval >= 2 && c.cdmoe_retrieval % 2 == 0);
        if (c.layer_state[l] == WM_STATE_DOGE_MOE)
            FUZZ_CHECK(c.experts_per_tok >= 1 && c.experts_per_tok * c.experts_per_tok <= c.n_experts);
    }
    if (attn) {
        FUZZ_CHECK(c.n_heads >= 1 && c.n_kv_heads >= 1 && c.n_heads % c.n_kv_heads == 0 && c.head_dim >= 2 && c.head_dim % 2 == 0);
        if (c.model_type == WM_MODEL_DOGE) FUZZ_CHECK(c.keep_window >= 1);
    }
    if (ssd) FUZZ_CHECK(c.ssd_heads >= 1 && c.ssd_groups >= 1 && c.ssd_heads % c.ssd_groups == 0 && c.ssd_state >= 1 && c.ssd_chunk >= 1);
    if (c.model_type == WM_MODEL_MAMBA2) FUZZ_CHECK(c.conv_kernel >= 1 && c.dt_min >= 0.0f && c.dt_min <= c.dt_max);
    /* sizing a checkpoint of it never fails silently */
    st = wm_random_checkpoint(&c, 1, WM_F32, NULL, 0, &bytes, &e);
    FUZZ_CHECK(st == WM_OK || (st < 0 && e.message[0]));
    return 0;
}
