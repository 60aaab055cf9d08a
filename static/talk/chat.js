// Empty the chat form after a message was accepted. A listener in a static file rather than an
// hx-on attribute: the Content-Security-Policy allows no evaluated script.
document.addEventListener("htmx:afterRequest", function (event) {
  var form = event.target.closest && event.target.closest("form[data-reset-on-success]");
  if (form && event.detail.successful) {
    form.reset();
  }
});
