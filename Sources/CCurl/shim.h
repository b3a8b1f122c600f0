#ifndef TETHER_CCURL_SHIM_H
#define TETHER_CCURL_SHIM_H

// libcurl from the system (`libcurl4-openssl-dev`). Swift cannot call C variadic functions, so
// curl_easy_setopt, curl_easy_getinfo, curl_multi_setopt and curl_share_setopt are wrapped here
// once per argument type.
#if !__has_include(<curl/curl.h>)
#error "libcurl's headers are missing: sudo apt-get install libcurl4-openssl-dev"
#endif
#include <curl/curl.h>

static inline CURLcode tether_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tether_easy_setopt_pointer(CURL *handle, CURLoption option,
                                                  const void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tether_easy_setopt_offset(CURL *handle, CURLoption option,
                                                 curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

typedef size_t (*tether_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode tether_easy_setopt_data_callback(CURL *handle, CURLoption option,
                                                        tether_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

typedef int (*tether_transfer_info_callback)(void *context, curl_off_t download_total,
                                             curl_off_t download_now, curl_off_t upload_total,
                                             curl_off_t upload_now);

static inline CURLcode tether_easy_setopt_transfer_info_callback(
    CURL *handle, tether_transfer_info_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode tether_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode tether_easy_getinfo_string(CURL *handle, CURLINFO info,
                                                  const char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode tether_easy_getinfo_offset(CURL *handle, CURLINFO info,
                                                  curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLSHcode tether_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
  return curl_share_setopt(share, option, value);
}

static inline CURLMcode tether_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

/// libcurl's version number ("7.88.1"): `CURLVERSION_NOW` is a macro Swift does not import.
static inline const char *tether_curl_version_number(void) {
  return curl_version_info(CURLVERSION_NOW)->version;
}

#endif
