// The service worker of heldenweb's web push: shows each message and opens its game on a click.
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {title: "heldenweb", body: event.data.text()}; }
  event.waitUntil(self.registration.showNotification(data.title || "heldenweb", {
    body: data.body || "", tag: data.tag || undefined, data: {url: data.url || "/"}
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(clients.matchAll({type: "window"}).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (windows[i].url === url && "focus" in windows[i]) return windows[i].focus();
    }
    return clients.openWindow(url);
  }));
});
