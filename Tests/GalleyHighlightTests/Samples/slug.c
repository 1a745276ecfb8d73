#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAX_SLUG 128

/* Makes an anchor from a heading. */
static int slugify(const char *title, char *out, size_t size) {
    size_t length = 0;
    for (const char *p = title; *p != '\0' && length + 1 < size; p++) {
        if (isalnum((unsigned char)*p)) {
            out[length++] = (char)tolower(*p);
        } else if (*p == ' ') {
            out[length++] = '-';
        }
    }
    out[length] = '\0';
    return (int)length;
}

int main(void) {
    char slug[MAX_SLUG];
    int n = slugify("Hello World", slug, sizeof slug);
    printf("%s (%d)\n", slug, n);
    return 0;
}
