#ifndef GALLEY_SYSTEM_H
#define GALLEY_SYSTEM_H

/// Exchanges the names `first` and `second` in one step (Linux renameat2 with
/// RENAME_EXCHANGE). Returns 0, or -1 with errno set; ENOSYS where the system lacks it.
int galley_exchange_names(const char *first, const char *second);

#endif
