// A local stand-in for Stripe.js (https://js.stripe.com/v3), served by the fake at
// `/v3/stripe.js`: the `Stripe(pk)` object with what `@stripe/react-stripe-js` and the
// package's `StripePaymentFields` call (elements(), elements.update, elements.submit,
// create('payment'), mount, on/off, createPaymentMethod, confirmPayment, confirmSetup,
// handleNextAction, retrievePaymentIntent, retrieveSetupIntent). Its Payment Element is a
// plain card form (number, expiry, CVC) rendered where the element is mounted; what is
// typed goes to the fake's API only (`POST /v1/payment_methods` with the publishable key),
// never to the host. `handleNextAction` shows a 3-D Secure dialog whose buttons answer the
// fake's 3-D Secure page. Test keys only (`pk_test_…`): it refuses a live key.
//
// Plain ES2017 in a string, so the fake serves it as it is; no template literals inside.

/** The stand-in's source, as the fake serves it. */
export const FAKE_STRIPE_JS_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var API = new URL(script && script.src ? script.src : location.href).origin;

  function form(params) {
    var body = new URLSearchParams();
    Object.keys(params).forEach(function (name) {
      if (params[name] !== undefined && params[name] !== null) body.set(name, String(params[name]));
    });
    return body;
  }
  function answer(response) {
    return response.json().then(function (body) {
      return response.ok ? { ok: body } : { error: body.error || { type: 'api_error', message: 'The fake Stripe API failed.' } };
    });
  }
  function post(path, params) {
    return fetch(API + path, { method: 'POST', body: form(params) }).then(answer);
  }
  function get(path, params) {
    return fetch(API + path + '?' + form(params).toString()).then(answer);
  }
  function intentPath(clientSecret) {
    var id = String(clientSecret || '').split('_secret_')[0];
    return { id: id, path: (id.indexOf('seti_') === 0 ? '/v1/setup_intents/' : '/v1/payment_intents/') + id, setup: id.indexOf('seti_') === 0 };
  }
  function money(amount, currency) {
    var code = String(currency || 'eur').toUpperCase();
    var format = new Intl.NumberFormat('en', { style: 'currency', currency: code });
    var digits = format.resolvedOptions().maximumFractionDigits;
    return format.format(amount / Math.pow(10, digits));
  }
  function el(tag, text) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    return node;
  }
  function field(label, autocomplete) {
    var wrap = el('label', label + ' ');
    wrap.style.display = 'block';
    wrap.style.margin = '0.25rem 0';
    var input = el('input');
    input.setAttribute('autocomplete', autocomplete);
    input.setAttribute('inputmode', 'numeric');
    input.setAttribute('dir', 'ltr');
    wrap.appendChild(input);
    return { wrap: wrap, input: input };
  }

  function PaymentElement(group) {
    var handlers = {};
    var root = null;
    var parts = null;
    var self = this;
    function emit(event, payload) {
      (handlers[event] || []).forEach(function (handler) { handler(payload); });
    }
    function values() {
      var expiry = parts ? parts.expiry.input.value.replace(/\s/g, '') : '';
      var match = expiry.match(/^(\d{1,2})\/(\d{2}|\d{4})$/);
      return {
        number: parts ? parts.number.input.value.replace(/[\s-]/g, '') : '',
        month: match ? Number(match[1]) : 0,
        year: match ? (match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2])) : 0,
        cvc: parts ? parts.cvc.input.value.trim() : ''
      };
    }
    function problem() {
      var v = values();
      if (!/^\d{12,19}$/.test(v.number)) return 'Your card number is incomplete.';
      if (!v.month || v.month > 12 || !v.year) return 'Your card’s expiration date is incomplete.';
      if (!/^\d{3,4}$/.test(v.cvc)) return 'Your card’s security code is incomplete.';
      return null;
    }
    function showAmount() {
      if (!parts) return;
      var options = group.options;
      parts.amount.textContent = options.mode === 'setup'
        ? 'Stand-in Payment Element (setup): nothing charged today, ' + String(options.currency || '').toUpperCase()
        : 'Stand-in Payment Element (' + options.mode + '): ' + money(options.amount || 0, options.currency);
    }
    this.showAmount = showAmount;
    this.values = values;
    this.check = function () {
      var message = problem();
      if (parts) {
        parts.error.textContent = message || '';
        parts.error.hidden = !message;
      }
      return message;
    };
    this.mount = function (target) {
      var node = typeof target === 'string' ? document.querySelector(target) : target;
      root = el('div');
      root.className = 'fake-stripe-payment-element';
      parts = {
        amount: el('p'),
        number: field('Card number', 'cc-number'),
        expiry: field('Expiry (MM/YY)', 'cc-exp'),
        cvc: field('CVC', 'cc-csc'),
        error: el('p')
      };
      parts.error.setAttribute('role', 'alert');
      parts.error.hidden = true;
      [parts.amount, parts.number.wrap, parts.expiry.wrap, parts.cvc.wrap, parts.error].forEach(function (child) {
        root.appendChild(child);
      });
      [parts.number, parts.expiry, parts.cvc].forEach(function (part) {
        part.input.addEventListener('input', function () {
          var complete = problem() === null;
          if (complete) { parts.error.hidden = true; parts.error.textContent = ''; }
          emit('change', { elementType: 'payment', complete: complete, empty: !values().number, collapsed: false, value: { type: 'card' } });
        });
        part.input.addEventListener('focus', function () { emit('focus', { elementType: 'payment' }); });
        part.input.addEventListener('blur', function () { emit('blur', { elementType: 'payment' }); });
      });
      node.appendChild(root);
      showAmount();
      setTimeout(function () { emit('ready', self); }, 0);
      return self;
    };
    this.on = function (event, handler) {
      (handlers[event] = handlers[event] || []).push(handler);
      return self;
    };
    this.off = function (event, handler) {
      handlers[event] = (handlers[event] || []).filter(function (h) { return handler && h !== handler; });
      return self;
    };
    this.update = function () { return self; };
    this.focus = function () { if (parts) parts.number.input.focus(); return self; };
    this.blur = function () { return self; };
    this.clear = function () { return self; };
    this.collapse = function () { return self; };
    this.unmount = function () { if (root && root.parentNode) root.parentNode.removeChild(root); root = null; parts = null; return self; };
    this.destroy = function () { self.unmount(); group.element = null; };
  }

  function Elements(options) {
    var group = this;
    this.options = Object.assign({}, options);
    this.element = null;
    this.create = function (type) {
      if (type !== 'payment') throw new Error('The Stripe.js stand-in makes Payment Elements only, not ' + type + '.');
      group.element = new PaymentElement(group);
      return group.element;
    };
    this.getElement = function (type) { return type === 'payment' ? group.element : null; };
    this.update = function (changes) {
      Object.assign(group.options, changes);
      if (group.element) group.element.showAmount();
    };
    this.fetchUpdates = function () { return Promise.resolve({}); };
    this.submit = function () {
      var message = group.element ? group.element.check() : 'No Payment Element is mounted.';
      return Promise.resolve(message ? { error: { type: 'validation_error', message: message } } : {});
    };
  }

  function authenticate(id) {
    return new Promise(function (resolve) {
      var dialog = el('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'fake-stripe-3ds-title');
      dialog.style.position = 'fixed';
      dialog.style.inset = '10% 10% auto 10%';
      dialog.style.background = '#fff';
      dialog.style.color = '#111';
      dialog.style.border = '2px solid #635bff';
      dialog.style.padding = '1rem';
      dialog.style.zIndex = '2147483647';
      var title = el('h2', '3D Secure 2 test page');
      title.id = 'fake-stripe-3ds-title';
      dialog.appendChild(title);
      dialog.appendChild(el('p', 'Stand-in for Stripe’s authentication (test mode), intent ' + id + '.'));
      [['approve', 'Complete authentication'], ['refuse', 'Fail authentication']].forEach(function (choice) {
        var button = el('button', choice[1]);
        button.type = 'button';
        button.addEventListener('click', function () {
          // The fake's 3-D Secure page takes the decision; its answer (a redirect) is not read.
          fetch(API + '/3ds/' + id, { method: 'POST', mode: 'no-cors', body: form({ decision: choice[0] }) })
            .catch(function () {})
            .then(function () {
              dialog.parentNode.removeChild(dialog);
              resolve();
            });
        });
        dialog.appendChild(button);
      });
      document.body.appendChild(dialog);
      dialog.querySelector('button').focus();
    });
  }

  function Stripe(key) {
    if (!/^pk_test_/.test(String(key))) {
      throw new Error('The Stripe.js stand-in takes test-mode publishable keys only (pk_test_…).');
    }
    if (!(this instanceof Stripe)) return new Stripe(key);
    var stripe = this;

    function retrieve(clientSecret) {
      var target = intentPath(clientSecret);
      return get(target.path, { key: key, client_secret: clientSecret }).then(function (result) {
        if (result.error) return { error: result.error };
        return target.setup ? { setupIntent: result.ok } : { paymentIntent: result.ok };
      });
    }
    function afterAction(clientSecret) {
      return retrieve(clientSecret).then(function (result) {
        var intent = result.paymentIntent || result.setupIntent;
        var failure = intent && (intent.last_payment_error || intent.last_setup_error);
        if (intent && intent.status === 'requires_payment_method' && failure) {
          return Object.assign({ error: failure }, result);
        }
        return result;
      });
    }
    function nextAction(clientSecret) {
      var target = intentPath(clientSecret);
      return retrieve(clientSecret).then(function (result) {
        var intent = result.paymentIntent || result.setupIntent;
        if (!intent || intent.status !== 'requires_action') return result;
        var action = intent.next_action || {};
        if (action.type === 'redirect_to_url' && action.redirect_to_url) {
          location.assign(action.redirect_to_url.url);
          return new Promise(function () {});
        }
        return authenticate(target.id).then(function () { return afterAction(clientSecret); });
      });
    }
    function paymentMethodFrom(elements) {
      var element = elements && elements.element;
      if (!element) return Promise.resolve({ error: { type: 'validation_error', message: 'No Payment Element is mounted.' } });
      var message = element.check();
      if (message) return Promise.resolve({ error: { type: 'validation_error', message: message } });
      var v = element.values();
      return post('/v1/payment_methods', {
        key: key,
        type: 'card',
        'card[number]': v.number,
        'card[exp_month]': v.month,
        'card[exp_year]': v.year,
        'card[cvc]': v.cvc
      }).then(function (result) {
        return result.error ? { error: result.error } : { paymentMethod: result.ok };
      });
    }
    function confirm(options) {
      var clientSecret = options.clientSecret;
      var params = options.confirmParams || {};
      var method = params.payment_method
        ? Promise.resolve({ paymentMethod: { id: params.payment_method } })
        : paymentMethodFrom(options.elements);
      return method.then(function (made) {
        if (made.error) return { error: made.error };
        var target = intentPath(clientSecret);
        return post(target.path + '/confirm', {
          key: key,
          client_secret: clientSecret,
          payment_method: made.paymentMethod.id,
          return_url: params.return_url,
          use_stripe_sdk: true
        }).then(function (result) {
          if (result.error) return { error: result.error };
          return nextAction(clientSecret).then(function (after) {
            var intent = after.paymentIntent || after.setupIntent;
            var done = intent && (intent.status === 'succeeded' || intent.status === 'processing');
            if (done && params.return_url && options.redirect !== 'if_required') {
              var back = new URL(params.return_url);
              back.searchParams.set(target.setup ? 'setup_intent' : 'payment_intent', intent.id);
              back.searchParams.set(target.setup ? 'setup_intent_client_secret' : 'payment_intent_client_secret', clientSecret);
              location.assign(back.toString());
              return new Promise(function () {});
            }
            return after;
          });
        });
      });
    }

    this.elements = function (options) { return new Elements(options || {}); };
    this.createPaymentMethod = function (options) { return paymentMethodFrom(options && options.elements); };
    this.confirmPayment = confirm;
    this.confirmSetup = confirm;
    this.handleNextAction = function (options) { return nextAction(options.clientSecret); };
    this.retrievePaymentIntent = retrieve;
    this.retrieveSetupIntent = retrieve;
    this.createToken = function () { return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The Stripe.js stand-in makes no tokens.' } }); };
    this.confirmCardPayment = function () { return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Use confirmPayment with the stand-in.' } }); };
    this.registerAppInfo = function () {};
    this._registerWrapper = function () {};
    return stripe;
  }
  // @stripe/stripe-js compares this with the release it expects (no warning on a match).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
